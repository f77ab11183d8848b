ALTER TABLE "users" ADD COLUMN "demo_of_user_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_demo_of_user_id_users_id_fk" FOREIGN KEY ("demo_of_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_demo_of_unique" ON "users" USING btree ("demo_of_user_id");