CREATE TABLE "candles" (
	"instrument_id" integer NOT NULL,
	"period_minutes" smallint NOT NULL,
	"start_seconds" bigint NOT NULL,
	"open" numeric(30, 8) NOT NULL,
	"high" numeric(30, 8) NOT NULL,
	"low" numeric(30, 8) NOT NULL,
	"close" numeric(30, 8) NOT NULL,
	"volume" numeric(30, 8) NOT NULL,
	CONSTRAINT "candles_instrument_id_period_minutes_start_seconds_pk" PRIMARY KEY("instrument_id","period_minutes","start_seconds"),
	CONSTRAINT "candles_period" CHECK ("candles"."period_minutes" in (1, 1440)),
	CONSTRAINT "candles_prices" CHECK ("candles"."low" > 0 and "candles"."low" <= "candles"."open" and "candles"."low" <= "candles"."close" and "candles"."high" >= "candles"."open" and "candles"."high" >= "candles"."close"),
	CONSTRAINT "candles_volume_nonnegative" CHECK ("candles"."volume" >= 0)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"sort" integer NOT NULL,
	"names" jsonb NOT NULL,
	CONSTRAINT "categories_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "instruments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"show_code" text NOT NULL,
	"category_id" integer NOT NULL,
	"logo" jsonb NOT NULL,
	"quote_currency" text NOT NULL,
	"session" text NOT NULL,
	"price_precision" integer NOT NULL,
	"base_price" numeric(30, 8) NOT NULL,
	"annual_volatility" numeric(8, 6) NOT NULL,
	"typical_volume" integer NOT NULL,
	"pip" numeric(30, 8) NOT NULL,
	"min_lots" numeric(30, 8) NOT NULL,
	"max_lots" numeric(30, 8) NOT NULL,
	"units_per_lot" numeric(30, 8) NOT NULL,
	"fee_rate" numeric(30, 8) NOT NULL,
	"margin_mode" integer NOT NULL,
	"leverages" integer[] NOT NULL,
	"spread" numeric(30, 8) NOT NULL,
	"sort" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instruments_code_unique" UNIQUE("code"),
	CONSTRAINT "instruments_session" CHECK ("instruments"."session" in ('weekly', 'always')),
	CONSTRAINT "instruments_precision" CHECK ("instruments"."price_precision" between 0 and 8),
	CONSTRAINT "instruments_base_price_positive" CHECK ("instruments"."base_price" > 0),
	CONSTRAINT "instruments_spread_range" CHECK ("instruments"."spread" >= 0 and "instruments"."spread" < 1),
	CONSTRAINT "instruments_lots" CHECK ("instruments"."pip" > 0 and "instruments"."min_lots" > 0 and "instruments"."max_lots" >= "instruments"."min_lots" and "instruments"."units_per_lot" > 0),
	CONSTRAINT "instruments_fee_rate_nonnegative" CHECK ("instruments"."fee_rate" >= 0)
);
--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instruments_category_idx" ON "instruments" USING btree ("category_id","sort");