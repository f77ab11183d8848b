CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"language" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"transport" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_messages_channel" CHECK ("outbox_messages"."channel" in ('email', 'sms')),
	CONSTRAINT "outbox_messages_kind" CHECK ("outbox_messages"."kind" in ('code', 'notice')),
	CONSTRAINT "outbox_messages_status" CHECK ("outbox_messages"."status" in ('pending', 'sending', 'sent', 'failed')),
	CONSTRAINT "outbox_messages_attempts" CHECK ("outbox_messages"."attempts" >= 0),
	CONSTRAINT "outbox_messages_last_error_length" CHECK (char_length("outbox_messages"."last_error") <= 1000),
	CONSTRAINT "outbox_messages_sent" CHECK (("outbox_messages"."status" = 'sent') = ("outbox_messages"."sent_at" is not null))
);
--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("next_attempt_at") WHERE "outbox_messages"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "outbox_messages_sequence_idx" ON "outbox_messages" USING btree ("sequence");