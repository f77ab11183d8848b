CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("account_id","order_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount" <> 0);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_balance_after_nonnegative" CHECK ("ledger_entries"."balance_after" >= 0);