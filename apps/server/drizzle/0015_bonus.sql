-- Bonuses (issue 12, decision 0055): the bonus module's own schema. Definitions and codes are operator data;
-- player bonuses follow issued → active → finished; stakes remember a round's real/bonus split for its wins.
CREATE SCHEMA IF NOT EXISTS "bonus";--> statement-breakpoint
CREATE TABLE "bonus"."packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity" text NOT NULL UNIQUE,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "bonus"."bonuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity" text NOT NULL UNIQUE,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"deposit_percentage" integer,
	"amounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"max_amounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"min_deposits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"max_deposits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"available_from" timestamp with time zone,
	"available_to" timestamp with time zone,
	"wager_multiplier" numeric(8, 2) DEFAULT '0' NOT NULL,
	"game_ids" text[] DEFAULT '{}' NOT NULL,
	"game_ids_excluded" boolean DEFAULT true NOT NULL,
	"provider_ids" text[] DEFAULT '{}' NOT NULL,
	"provider_ids_excluded" boolean DEFAULT true NOT NULL,
	"contributions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"max_bets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"max_wins" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"activation_days" integer DEFAULT 7 NOT NULL,
	"wagering_days" integer DEFAULT 30 NOT NULL,
	"cancel_lock" boolean DEFAULT false NOT NULL,
	"package_id" uuid REFERENCES "bonus"."packages"("id"),
	"package_priority" integer DEFAULT 0 NOT NULL,
	"reusable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonuses_kind" CHECK ("bonus"."bonuses"."kind" in ('deposit', 'cash', 'freespins', 'cashback'))
);--> statement-breakpoint
CREATE TABLE "bonus"."codes" (
	"code" text PRIMARY KEY NOT NULL,
	"bonus_id" uuid NOT NULL REFERENCES "bonus"."bonuses"("id"),
	"triggers" smallint[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);--> statement-breakpoint
CREATE TABLE "bonus"."player_bonuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"bonus_id" uuid NOT NULL REFERENCES "bonus"."bonuses"("id"),
	"currency" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"result" smallint DEFAULT 1 NOT NULL,
	"amount" bigint NOT NULL,
	"required_wager" bigint DEFAULT 0 NOT NULL,
	"current_wager" bigint DEFAULT 0 NOT NULL,
	"max_bet" bigint,
	"max_win" bigint,
	"once" boolean NOT NULL,
	"activation_expires_at" timestamp with time zone,
	"wagering_expires_at" timestamp with time zone,
	"issue_key" text NOT NULL UNIQUE,
	"issue_session_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "player_bonuses_status" CHECK ("bonus"."player_bonuses"."status" in (1, 2, 3)),
	CONSTRAINT "player_bonuses_result" CHECK ("bonus"."player_bonuses"."result" between 1 and 5),
	CONSTRAINT "player_bonuses_amounts" CHECK ("bonus"."player_bonuses"."amount" >= 0 and "bonus"."player_bonuses"."required_wager" >= 0 and "bonus"."player_bonuses"."current_wager" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_one_active" ON "bonus"."player_bonuses" ("player_id", "currency") WHERE "bonus"."player_bonuses"."status" = 2;--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_once" ON "bonus"."player_bonuses" ("player_id", "bonus_id") WHERE "bonus"."player_bonuses"."once";--> statement-breakpoint
CREATE INDEX "player_bonuses_player" ON "bonus"."player_bonuses" ("player_id", "created_at" DESC);--> statement-breakpoint
CREATE TABLE "bonus"."player_bonus_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"code" text NOT NULL,
	"trigger" smallint NOT NULL,
	"status" smallint NOT NULL,
	"result" smallint DEFAULT 1 NOT NULL,
	"player_bonus_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonus_codes_attached" ON "bonus"."player_bonus_codes" ("player_id") WHERE "bonus"."player_bonus_codes"."status" = 1;--> statement-breakpoint
CREATE INDEX "player_bonus_codes_player" ON "bonus"."player_bonus_codes" ("player_id", "created_at" DESC);--> statement-breakpoint
CREATE TABLE "bonus"."stakes" (
	"provider_id" text NOT NULL,
	"round_id" text NOT NULL,
	"player_bonus_id" uuid NOT NULL,
	"real" bigint DEFAULT 0 NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"settled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "stakes_pkey" PRIMARY KEY ("provider_id", "round_id")
);--> statement-breakpoint
CREATE INDEX "stakes_open" ON "bonus"."stakes" ("player_bonus_id") WHERE not "bonus"."stakes"."settled";
