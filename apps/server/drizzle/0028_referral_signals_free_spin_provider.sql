-- What became of a qualified referee's reward (decision 0094): paid, refused (the referee shares the referrer's
-- device or payment instrument) or held for staff (a shared address, an excluded referrer, the review
-- threshold), with every signal found. Referrals qualified before this release were paid.
ALTER TABLE "referral"."referrals" ADD COLUMN "reward_status" text;--> statement-breakpoint
ALTER TABLE "referral"."referrals" ADD COLUMN "reward_reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "referral"."referrals" SET "reward_status" = 'paid' WHERE "status" = 2;--> statement-breakpoint
ALTER TABLE "referral"."referrals" ADD CONSTRAINT "referrals_reward_status_check" CHECK ("referral"."referrals"."reward_status" in ('paid', 'held', 'refused'));--> statement-breakpoint
-- Free spins are bound to the provider they were issued for (decision 0095): the game's provider in the
-- catalogue, else the studio (the one provider free rounds are awarded to). Spins issued before get theirs now.
ALTER TABLE "bonus"."player_freespins" ADD COLUMN "provider_id" text;--> statement-breakpoint
UPDATE "bonus"."player_freespins" AS f SET "provider_id" = coalesce(
  (SELECT p."identity" FROM "game"."games" AS g JOIN "game"."providers" AS p ON p."id" = g."provider_id"
    WHERE g."identity" = f."game_id"),
  'croupier-studio');--> statement-breakpoint
ALTER TABLE "bonus"."player_freespins" ALTER COLUMN "provider_id" SET NOT NULL;
