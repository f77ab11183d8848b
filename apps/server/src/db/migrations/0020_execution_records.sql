CREATE TABLE "execution_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "execution_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"side" text NOT NULL,
	"price" numeric(30, 8) NOT NULL,
	"bid" numeric(30, 8) NOT NULL,
	"ask" numeric(30, 8) NOT NULL,
	"markup_points" integer NOT NULL,
	"source" text NOT NULL,
	"quoted_at" timestamp with time zone NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"filled_at" timestamp with time zone NOT NULL,
	"trigger_price" numeric(30, 8),
	"crossing_bid" numeric(30, 8),
	"crossing_ask" numeric(30, 8)
);
--> statement-breakpoint
ALTER TABLE "execution_records" ADD CONSTRAINT "execution_records_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "execution_records" ADD CONSTRAINT "execution_records_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "execution_records_order_idx" ON "execution_records" USING btree ("order_id","id");--> statement-breakpoint
-- Append-only (issue 28): no code path, route or hand may change or remove a fill's record.
CREATE FUNCTION "execution_records_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'execution_records is append-only (%)', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "execution_records_append_only" BEFORE UPDATE OR DELETE ON "execution_records"
  FOR EACH ROW EXECUTE FUNCTION "execution_records_append_only"();--> statement-breakpoint
CREATE TRIGGER "execution_records_no_truncate" BEFORE TRUNCATE ON "execution_records"
  FOR EACH STATEMENT EXECUTE FUNCTION "execution_records_append_only"();
