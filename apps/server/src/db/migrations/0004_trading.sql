CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"instrument_id" integer NOT NULL,
	"side" text NOT NULL,
	"entry_type" text NOT NULL,
	"status" text NOT NULL,
	"lots" numeric(30, 8) NOT NULL,
	"leverage" integer,
	"units_per_lot" numeric(30, 8) NOT NULL,
	"origin_price" numeric(30, 8) NOT NULL,
	"target_price" numeric(30, 8),
	"open_price" numeric(30, 8),
	"close_price" numeric(30, 8),
	"margin" numeric(30, 8) NOT NULL,
	"fee" numeric(30, 8) NOT NULL,
	"stop_loss" numeric(30, 8),
	"take_profit" numeric(30, 8),
	"realised_profit" numeric(30, 8),
	"close_reason" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "orders_side" CHECK ("orders"."side" in ('buy', 'sell')),
	CONSTRAINT "orders_entry_type" CHECK ("orders"."entry_type" in ('market', 'pending')),
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('pending', 'holding', 'closed', 'cancelled')),
	CONSTRAINT "orders_close_reason" CHECK ("orders"."close_reason" is null or "orders"."close_reason" in ('user', 'stop_loss', 'take_profit', 'stop_out', 'demo_reset')),
	CONSTRAINT "orders_lots_positive" CHECK ("orders"."lots" > 0 and "orders"."units_per_lot" > 0),
	CONSTRAINT "orders_amounts_nonnegative" CHECK ("orders"."margin" >= 0 and "orders"."fee" >= 0),
	CONSTRAINT "orders_prices_positive" CHECK ("orders"."origin_price" > 0 and coalesce("orders"."target_price", 1) > 0 and coalesce("orders"."open_price", 1) > 0 and coalesce("orders"."close_price", 1) > 0 and coalesce("orders"."stop_loss", 1) > 0 and coalesce("orders"."take_profit", 1) > 0),
	CONSTRAINT "orders_leverage_positive" CHECK ("orders"."leverage" is null or "orders"."leverage" > 0),
	CONSTRAINT "orders_pending_has_target" CHECK (("orders"."entry_type" = 'pending') = ("orders"."target_price" is not null)),
	CONSTRAINT "orders_opened_state" CHECK (("orders"."status" in ('holding', 'closed')) = ("orders"."open_price" is not null and "orders"."opened_at" is not null)),
	CONSTRAINT "orders_closed_state" CHECK (("orders"."status" = 'closed') = ("orders"."close_price" is not null and "orders"."realised_profit" is not null)),
	CONSTRAINT "orders_ended_state" CHECK (("orders"."status" in ('closed', 'cancelled')) = ("orders"."closed_at" is not null and "orders"."close_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_unique" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_status_idx" ON "orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "orders_user_history_idx" ON "orders" USING btree ("user_id","closed_at","id") WHERE "orders"."status" in ('closed', 'cancelled');--> statement-breakpoint
CREATE INDEX "orders_live_idx" ON "orders" USING btree ("instrument_id","id") WHERE "orders"."status" in ('pending', 'holding');