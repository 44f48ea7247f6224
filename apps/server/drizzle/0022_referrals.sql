-- Referrals, live chat and Telegram login (issue 16 items 7, 8, 12; decisions 0067-0069).
-- A referee is bound to its referrer once, at sign-up; the status moves 1 (in progress) → 2 (qualified, the
-- referrer paid in the same transaction) or 3 (not qualified by the deadline), never back.
CREATE SCHEMA IF NOT EXISTS "referral";--> statement-breakpoint
CREATE TABLE "referral"."referrals" (
	"referee_id" uuid PRIMARY KEY NOT NULL REFERENCES "player"."players"("id") ON DELETE CASCADE,
	"referrer_id" uuid NOT NULL REFERENCES "player"."players"("id") ON DELETE CASCADE,
	"status" smallint DEFAULT 1 NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"qualification_end_at" timestamp with time zone NOT NULL,
	"deposit_currency" text,
	"deposited_at" timestamp with time zone,
	"qualified_at" timestamp with time zone,
	"reward_currency" text,
	"reward_amount" bigint,
	CONSTRAINT "referrals_status_check" CHECK ("status" IN (1, 2, 3)),
	CONSTRAINT "referrals_not_self" CHECK ("referee_id" <> "referrer_id")
);--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referral"."referrals" ("referrer_id", "registered_at" DESC);--> statement-breakpoint
CREATE INDEX "referrals_open_idx" ON "referral"."referrals" ("qualification_end_at") WHERE "status" = 1;--> statement-breakpoint
-- The live-chat identity a player was last given (GET …/livechat/token answers it while it lasts).
CREATE TABLE "player"."livechat_tokens" (
	"player_id" uuid PRIMARY KEY NOT NULL REFERENCES "player"."players"("id") ON DELETE CASCADE,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- Telegram login payloads already used: a signed payload signs in once, even inside its freshness window.
CREATE TABLE "player"."telegram_logins" (
	"hash" text PRIMARY KEY NOT NULL,
	"auth_date" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "telegram_logins_auth_date_idx" ON "player"."telegram_logins" ("auth_date");
