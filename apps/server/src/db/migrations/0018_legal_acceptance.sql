CREATE TABLE "legal_acceptances" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "legal_acceptances_user_id_kind_version_pk" PRIMARY KEY("user_id","kind","version")
);
--> statement-breakpoint
CREATE TABLE "legal_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legal_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"texts" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by_staff_id" integer,
	CONSTRAINT "legal_documents_kind" CHECK ("legal_documents"."kind" in ('terms', 'risk')),
	CONSTRAINT "legal_documents_version_positive" CHECK ("legal_documents"."version" > 0)
);
--> statement-breakpoint
-- The index comes before the foreign key that needs it (drizzle-kit wrote it last).
CREATE UNIQUE INDEX "legal_documents_kind_version_unique" ON "legal_documents" USING btree ("kind","version");--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_document_fk" FOREIGN KEY ("kind","version") REFERENCES "public"."legal_documents"("kind","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_published_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("published_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;
