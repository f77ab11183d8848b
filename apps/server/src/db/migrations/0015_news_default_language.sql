ALTER TABLE "news" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Every existing story gets its default-language version: English, the language readers fell back
-- to until now, or the story's first version when it has no English one.
UPDATE "news" SET "is_default" = true WHERE "id" IN (
	SELECT DISTINCT ON ("slug") "id" FROM "news"
	ORDER BY "slug", CASE WHEN "language" = 'en' THEN 0 ELSE 1 END, "id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "news_story_default_unique" ON "news" USING btree ("slug") WHERE "news"."is_default";
