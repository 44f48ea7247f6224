-- Withdrawals held on a player account (decision 0076, amended): the wallet's own flag, set by a deposit's credit
-- and released by the risk module's turn-over wager, so every balance the wallet shows (the accounts list and
-- the live account.balance.updated events) agrees on withdrawalBalance without reading risk tables.
ALTER TABLE "wallet"."accounts" ADD COLUMN "withdrawals_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Once, at the upgrade: accounts whose deposits still owe turnover while the rule is on (no row: on, N = 1).
UPDATE "wallet"."accounts" a SET "withdrawals_held" = true
  FROM "risk"."turn_overs" t
 WHERE a."owner_kind" = 'player' AND a."player_id" = t."player_id" AND a."currency" = t."currency"
   AND t."wagered" < t."target"
   AND coalesce((SELECT s."enabled" AND s."multiplier" > 0 FROM "risk"."turn_over_settings" s WHERE s."id" = 1), true);
