ALTER TABLE "traders" ADD COLUMN "name_skeleton" text;--> statement-breakpoint
ALTER TABLE "traders" ADD COLUMN "name_folded_skeleton" text;--> statement-breakpoint
CREATE UNIQUE INDEX "traders_name_skeleton_unique" ON "traders" USING btree ("name_skeleton");--> statement-breakpoint
CREATE UNIQUE INDEX "traders_name_folded_skeleton_unique" ON "traders" USING btree ("name_folded_skeleton");