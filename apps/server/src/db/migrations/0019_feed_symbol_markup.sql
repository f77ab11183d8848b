ALTER TABLE "instruments" ADD COLUMN "feed_symbol" text;--> statement-breakpoint
ALTER TABLE "instruments" ADD COLUMN "markup_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_markup_points_range" CHECK ("instruments"."markup_points" between 0 and 1000000);--> statement-breakpoint
-- Each instrument's feed symbol is its code until staff change it (the codes carry no slash).
UPDATE "instruments" SET "feed_symbol" = "code" WHERE "feed_symbol" IS NULL;
