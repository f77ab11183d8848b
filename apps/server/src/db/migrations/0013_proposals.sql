CREATE TABLE "proposals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proposals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"target_label" text DEFAULT '' NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"proposed_by" integer NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "proposals_kind" CHECK ("proposals"."kind" in ('deposit_channel', 'wire_account', 'setting', 'staff_role', 'staff_create')),
	CONSTRAINT "proposals_state" CHECK ("proposals"."state" in ('pending', 'applied', 'rejected', 'expired')),
	CONSTRAINT "proposals_decided" CHECK (("proposals"."state" = 'pending') = ("proposals"."decided_at" is null)),
	CONSTRAINT "proposals_other_decider" CHECK ("proposals"."decided_by" is null or "proposals"."decided_by" <> "proposals"."proposed_by")
);
--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_proposed_by_staff_accounts_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_decided_by_staff_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposals_state_idx" ON "proposals" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "proposals_target_idx" ON "proposals" USING btree ("target","id");--> statement-breakpoint
CREATE INDEX "proposals_proposer_idx" ON "proposals" USING btree ("proposed_by","id");
