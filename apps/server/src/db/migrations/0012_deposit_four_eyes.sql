ALTER TABLE "uploads" ADD COLUMN "content_sha256" text;--> statement-breakpoint
CREATE INDEX "uploads_content_sha256_idx" ON "uploads" USING btree ("content_sha256") WHERE "uploads"."content_sha256" is not null;--> statement-breakpoint
CREATE TABLE "deposit_approvals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deposit_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_approvals_amount_positive" CHECK ("deposit_approvals"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "deposit_approvals" ADD CONSTRAINT "deposit_approvals_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_approvals" ADD CONSTRAINT "deposit_approvals_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_approvals_unique" ON "deposit_approvals" USING btree ("deposit_id","staff_id");
