-- Money path rebuild (issue 10, decision 0021): a rollback that arrives before its bet leaves a tombstone
-- in seamless_transactions under the bet's id, so the one unique (provider, transaction id) index blocks
-- that id for every player; the separate pending-rollbacks table goes.
ALTER TABLE "wallet"."seamless_transactions" DROP CONSTRAINT "seamless_transactions_kind_check";--> statement-breakpoint
ALTER TABLE "wallet"."seamless_transactions" ADD CONSTRAINT "seamless_transactions_kind_check" CHECK ("wallet"."seamless_transactions"."kind" in ('bet', 'win', 'rollback', 'tombstone'));--> statement-breakpoint
INSERT INTO "wallet"."seamless_transactions"
  ("provider_id", "provider_tx_id", "kind", "round_id", "player_id", "account_id", "currency", "amount", "ref_tx_id", "request_hash", "answer", "rolled_back_at", "created_at")
SELECT p."provider_id", p."bet_tx_id", 'tombstone', p."round_id", p."player_id", r."account_id", r."currency", 0, p."rollback_tx_id", 'tombstone', '{}'::jsonb, p."created_at", p."created_at"
FROM "wallet"."seamless_pending_rollbacks" p
JOIN "wallet"."seamless_transactions" r ON r."provider_id" = p."provider_id" AND r."provider_tx_id" = p."rollback_tx_id"
WHERE p."applied_at" IS NULL
ON CONFLICT ("provider_id", "provider_tx_id") DO NOTHING;--> statement-breakpoint
DROP TABLE "wallet"."seamless_pending_rollbacks";
