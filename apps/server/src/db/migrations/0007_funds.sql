CREATE TABLE "bank_currencies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_currencies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"min_number" numeric(30, 8) NOT NULL,
	"max_number" numeric(30, 8) NOT NULL,
	"decimals" integer NOT NULL,
	"usd_per_unit" numeric(30, 8) NOT NULL,
	"price_code" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bank_currencies_code_unique" UNIQUE("code"),
	CONSTRAINT "bank_currencies_bounds" CHECK ("bank_currencies"."min_number" >= 0 and "bank_currencies"."max_number" >= 0),
	CONSTRAINT "bank_currencies_decimals" CHECK ("bank_currencies"."decimals" between 0 and 8),
	CONSTRAINT "bank_currencies_price" CHECK ("bank_currencies"."usd_per_unit" > 0)
);
--> statement-breakpoint
CREATE TABLE "deposit_channels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_channels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"currency_code" text NOT NULL,
	"protocol_code" text NOT NULL,
	"address" text NOT NULL,
	"address_placeholder" boolean DEFAULT true NOT NULL,
	"min_number" numeric(30, 8) NOT NULL,
	"max_number" numeric(30, 8) NOT NULL,
	"decimals" integer NOT NULL,
	"usd_per_unit" numeric(30, 8) NOT NULL,
	"price_code" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_channels_bounds" CHECK ("deposit_channels"."min_number" >= 0 and "deposit_channels"."max_number" >= 0),
	CONSTRAINT "deposit_channels_decimals" CHECK ("deposit_channels"."decimals" between 0 and 8),
	CONSTRAINT "deposit_channels_price" CHECK ("deposit_channels"."usd_per_unit" > 0)
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"type" text NOT NULL,
	"channel_id" integer,
	"wire_account_id" integer,
	"currency_code" text NOT NULL,
	"protocol_code" text NOT NULL,
	"address" text NOT NULL,
	"bank_name" text NOT NULL,
	"number" numeric(30, 8) NOT NULL,
	"usd_per_unit" numeric(30, 8) NOT NULL,
	"proof_upload_id" integer NOT NULL,
	"status" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"amount" numeric(30, 8),
	"amount_reason" text DEFAULT '' NOT NULL,
	"reviewed_by_staff_id" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_status" CHECK ("deposits"."status" in ('pending', 'finished', 'rejected', 'invalid')),
	CONSTRAINT "deposits_type" CHECK ("deposits"."type" in ('coin', 'bank')),
	CONSTRAINT "deposits_channel_of_type" CHECK (("deposits"."type" = 'coin' and "deposits"."channel_id" is not null and "deposits"."wire_account_id" is null) or ("deposits"."type" = 'bank' and "deposits"."wire_account_id" is not null and "deposits"."channel_id" is null)),
	CONSTRAINT "deposits_number_positive" CHECK ("deposits"."number" > 0),
	CONSTRAINT "deposits_amount_when_finished" CHECK (("deposits"."status" = 'finished') = ("deposits"."amount" is not null) and ("deposits"."amount" is null or "deposits"."amount" > 0)),
	CONSTRAINT "deposits_rejected_remark" CHECK ("deposits"."status" <> 'rejected' or "deposits"."remark" <> '')
);
--> statement-breakpoint
CREATE TABLE "draw_currencies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "draw_currencies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"code" text NOT NULL,
	"protocol" text NOT NULL,
	"draw_rate" numeric(30, 8) NOT NULL,
	"fee_type" integer NOT NULL,
	"usd_price" numeric(30, 8) NOT NULL,
	"min_number" numeric(30, 8) NOT NULL,
	"max_number" numeric(30, 8) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "draw_currencies_type" CHECK ("draw_currencies"."type" in ('coin', 'bank')),
	CONSTRAINT "draw_currencies_rate" CHECK ("draw_currencies"."draw_rate" >= 0),
	CONSTRAINT "draw_currencies_price" CHECK ("draw_currencies"."usd_price" > 0),
	CONSTRAINT "draw_currencies_bounds" CHECK ("draw_currencies"."min_number" >= 0 and "draw_currencies"."max_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "draw_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "draw_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"draw_currency_id" integer NOT NULL,
	"type" text NOT NULL,
	"dc_address" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_address" text NOT NULL,
	"bank_swift" text NOT NULL,
	"payee_name" text NOT NULL,
	"payee_account" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "draw_methods_type" CHECK ("draw_methods"."type" in ('coin', 'bank')),
	CONSTRAINT "draw_methods_fields_of_type" CHECK (("draw_methods"."type" = 'coin' and "draw_methods"."dc_address" <> '') or ("draw_methods"."type" = 'bank' and "draw_methods"."payee_account" <> '' and "draw_methods"."bank_name" <> '' and "draw_methods"."payee_name" <> ''))
);
--> statement-breakpoint
CREATE TABLE "wire_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wire_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bank_currency_id" integer NOT NULL,
	"bank_name" text NOT NULL,
	"bank_address" text NOT NULL,
	"bank_swift" text NOT NULL,
	"payee_name" text NOT NULL,
	"payee_account" text NOT NULL,
	"bank_remark" text DEFAULT '' NOT NULL,
	"branch_name" text DEFAULT '' NOT NULL,
	"placeholder" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_approvals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"withdrawal_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"draw_currency_id" integer NOT NULL,
	"draw_method_id" integer NOT NULL,
	"type" text NOT NULL,
	"code" text NOT NULL,
	"protocol" text NOT NULL,
	"number" numeric(30, 8) NOT NULL,
	"fee" numeric(30, 8) NOT NULL,
	"receive" numeric(30, 8) NOT NULL,
	"usd_price" numeric(30, 8) NOT NULL,
	"address" text NOT NULL,
	"bank_name" text NOT NULL,
	"payee_account" text NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"approvals_needed" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"payout_reference" text DEFAULT '' NOT NULL,
	"reviewed_by_staff_id" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in ('pending', 'approved', 'paid', 'rejected')),
	CONSTRAINT "withdrawals_type" CHECK ("withdrawals"."type" in ('coin', 'bank')),
	CONSTRAINT "withdrawals_number_positive" CHECK ("withdrawals"."number" > 0),
	CONSTRAINT "withdrawals_figures" CHECK ("withdrawals"."fee" >= 0 and "withdrawals"."receive" >= 0 and "withdrawals"."usd_price" > 0),
	CONSTRAINT "withdrawals_approvals_needed" CHECK ("withdrawals"."approvals_needed" in (1, 2)),
	CONSTRAINT "withdrawals_paid_reference" CHECK ("withdrawals"."status" <> 'paid' or "withdrawals"."payout_reference" <> ''),
	CONSTRAINT "withdrawals_rejected_notes" CHECK ("withdrawals"."status" <> 'rejected' or "withdrawals"."notes" <> '')
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_channel_id_deposit_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."deposit_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_wire_account_id_wire_accounts_id_fk" FOREIGN KEY ("wire_account_id") REFERENCES "public"."wire_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_proof_upload_id_uploads_id_fk" FOREIGN KEY ("proof_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_reviewed_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("reviewed_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_methods" ADD CONSTRAINT "draw_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_methods" ADD CONSTRAINT "draw_methods_draw_currency_id_draw_currencies_id_fk" FOREIGN KEY ("draw_currency_id") REFERENCES "public"."draw_currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wire_accounts" ADD CONSTRAINT "wire_accounts_bank_currency_id_bank_currencies_id_fk" FOREIGN KEY ("bank_currency_id") REFERENCES "public"."bank_currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_approvals" ADD CONSTRAINT "withdrawal_approvals_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_approvals" ADD CONSTRAINT "withdrawal_approvals_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_draw_currency_id_draw_currencies_id_fk" FOREIGN KEY ("draw_currency_id") REFERENCES "public"."draw_currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_draw_method_id_draw_methods_id_fk" FOREIGN KEY ("draw_method_id") REFERENCES "public"."draw_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_reviewed_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("reviewed_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_channels_currency_protocol_unique" ON "deposit_channels" USING btree ("currency_code","protocol_code");--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "deposits_status_idx" ON "deposits" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "draw_currencies_unique" ON "draw_currencies" USING btree ("type","code","protocol");--> statement-breakpoint
CREATE INDEX "draw_methods_user_idx" ON "draw_methods" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "draw_methods_live_unique" ON "draw_methods" USING btree ("user_id","draw_currency_id","dc_address","payee_account") WHERE "draw_methods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "wire_accounts_currency_idx" ON "wire_accounts" USING btree ("bank_currency_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_approvals_unique" ON "withdrawal_approvals" USING btree ("withdrawal_id","staff_id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "withdrawals_method_idx" ON "withdrawals" USING btree ("draw_method_id");