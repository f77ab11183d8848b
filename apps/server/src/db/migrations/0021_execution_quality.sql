CREATE TABLE "execution_quality_cursor" (
	"job" text PRIMARY KEY NOT NULL,
	"last_record_id" bigint NOT NULL,
	"last_stale_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "execution_quality_days" (
	"instrument_id" integer NOT NULL,
	"day" date NOT NULL,
	"fills" integer NOT NULL,
	"positive_fills" integer NOT NULL,
	"positive_median" numeric(30, 8),
	"positive_p95" numeric(30, 8),
	"negative_fills" integer NOT NULL,
	"negative_median" numeric(30, 8),
	"negative_p95" numeric(30, 8),
	"at_or_better_share" numeric(30, 8) NOT NULL,
	"fill_ms_median" integer,
	"fill_ms_p95" integer,
	"spread_median" numeric(30, 8),
	"stale_seconds" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "execution_quality_days_instrument_id_day_pk" PRIMARY KEY("instrument_id","day")
);
--> statement-breakpoint
CREATE TABLE "feed_stale_periods" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feed_stale_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"instrument_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "execution_quality_days" ADD CONSTRAINT "execution_quality_days_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_stale_periods" ADD CONSTRAINT "feed_stale_periods_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "execution_quality_days_day_idx" ON "execution_quality_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "feed_stale_periods_instrument_idx" ON "feed_stale_periods" USING btree ("instrument_id","started_at");--> statement-breakpoint
CREATE INDEX "execution_records_filled_at_idx" ON "execution_records" USING btree ("filled_at");