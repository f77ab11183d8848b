CREATE TABLE "follows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "follows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"follower_user_id" integer NOT NULL,
	"follower_account_id" integer NOT NULL,
	"trader_id" integer NOT NULL,
	"mode" text NOT NULL,
	"ratio" numeric(30, 8),
	"amount" numeric(30, 8) NOT NULL,
	"stop_loss_percent" numeric(30, 8) DEFAULT '0' NOT NULL,
	"state" text NOT NULL,
	"stop_reason" text,
	"close_copies" boolean DEFAULT false NOT NULL,
	"active_since" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	CONSTRAINT "follows_mode" CHECK ("follows"."mode" in ('ratio', 'amount')),
	CONSTRAINT "follows_ratio" CHECK (("follows"."mode" = 'ratio') = ("follows"."ratio" is not null and "follows"."ratio" > 0)),
	CONSTRAINT "follows_amount_positive" CHECK ("follows"."amount" > 0),
	CONSTRAINT "follows_stop_loss_percent" CHECK ("follows"."stop_loss_percent" between 0 and 100),
	CONSTRAINT "follows_state" CHECK ("follows"."state" in ('active', 'paused', 'stopped')),
	CONSTRAINT "follows_stopped_state" CHECK (("follows"."state" = 'stopped') = ("follows"."stopped_at" is not null and "follows"."stop_reason" is not null)),
	CONSTRAINT "follows_stop_reason" CHECK ("follows"."stop_reason" is null or "follows"."stop_reason" in ('user', 'copy_stop_loss', 'trader_left'))
);
--> statement-breakpoint
CREATE TABLE "traders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "traders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"display_name" text NOT NULL,
	"strategy" text,
	"listed" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "traders_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "traders_display_name_length" CHECK (char_length("traders"."display_name") between 2 and 32)
);
--> statement-breakpoint
CREATE TABLE "copy_skips" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "copy_skips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"follow_id" integer NOT NULL,
	"source_order_id" integer NOT NULL,
	"reason" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_close_reason";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "follow_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source_order_id" integer;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_user_id_users_id_fk" FOREIGN KEY ("follower_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_account_id_trading_accounts_id_fk" FOREIGN KEY ("follower_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_trader_id_traders_id_fk" FOREIGN KEY ("trader_id") REFERENCES "public"."traders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traders" ADD CONSTRAINT "traders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_skips" ADD CONSTRAINT "copy_skips_follow_id_follows_id_fk" FOREIGN KEY ("follow_id") REFERENCES "public"."follows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "copy_skips" ADD CONSTRAINT "copy_skips_source_order_id_orders_id_fk" FOREIGN KEY ("source_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_live_unique" ON "follows" USING btree ("follower_user_id","trader_id") WHERE "follows"."state" in ('active', 'paused');--> statement-breakpoint
CREATE INDEX "follows_trader_state_idx" ON "follows" USING btree ("trader_id","state","id");--> statement-breakpoint
CREATE INDEX "follows_follower_idx" ON "follows" USING btree ("follower_user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "traders_display_name_unique" ON "traders" USING btree (lower("display_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "copy_skips_follow_source_unique" ON "copy_skips" USING btree ("follow_id","source_order_id");--> statement-breakpoint
CREATE INDEX "copy_skips_source_idx" ON "copy_skips" USING btree ("source_order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_follow_id_follows_id_fk" FOREIGN KEY ("follow_id") REFERENCES "public"."follows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_order_id_orders_id_fk" FOREIGN KEY ("source_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_copy_unique" ON "orders" USING btree ("follow_id","source_order_id") WHERE "orders"."follow_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_source_idx" ON "orders" USING btree ("source_order_id","status") WHERE "orders"."source_order_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_user_copies_idx" ON "orders" USING btree ("user_id","id") WHERE "orders"."follow_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_copy_pair" CHECK (("orders"."follow_id" is null) = ("orders"."source_order_id" is null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_close_reason" CHECK ("orders"."close_reason" is null or "orders"."close_reason" in ('user', 'stop_loss', 'take_profit', 'stop_out', 'demo_reset', 'trader_closed', 'copy_stopped'));