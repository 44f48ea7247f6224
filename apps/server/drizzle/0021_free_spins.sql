-- Free spins (issue 12 §4, decision 0065): a definition names the game and the spin count (its `amounts` are
-- the bet per spin per currency); a player's free spins follow issued → active → finished like bonuses; a free
-- round's stake row names its free spins. The studio keeps the free rounds the casino awarded it.
-- The turn-over wager (decision 0066): per player and currency, what the deposits require and what was staked.
ALTER TABLE "bonus"."bonuses" ADD COLUMN "freespin_game" text;--> statement-breakpoint
ALTER TABLE "bonus"."bonuses" ADD COLUMN "freespin_count" integer;--> statement-breakpoint
CREATE TABLE "bonus"."player_freespins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"bonus_id" uuid NOT NULL REFERENCES "bonus"."bonuses"("id"),
	"currency" text NOT NULL,
	"game_id" text NOT NULL,
	"count" integer NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"bet" bigint NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"result" smallint DEFAULT 1 NOT NULL,
	"player_bonus_id" uuid,
	"activation_expires_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"issue_key" text NOT NULL UNIQUE,
	"issue_session_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "player_freespins_status" CHECK ("status" in (1, 2, 3)),
	CONSTRAINT "player_freespins_result" CHECK ("result" between 1 and 4),
	CONSTRAINT "player_freespins_counts" CHECK ("used_count" >= 0 and "used_count" <= "count" and "bet" > 0 and "win" >= 0)
);--> statement-breakpoint
CREATE INDEX "player_freespins_player" ON "bonus"."player_freespins" ("player_id", "created_at" DESC);--> statement-breakpoint
ALTER TABLE "bonus"."stakes" ALTER COLUMN "player_bonus_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus"."stakes" ADD COLUMN "free_spin_id" uuid;--> statement-breakpoint
CREATE INDEX "stakes_free_open" ON "bonus"."stakes" ("free_spin_id") WHERE "free_spin_id" is not null and not "settled";--> statement-breakpoint
CREATE TABLE "studio"."free_rounds" (
	"id" text PRIMARY KEY NOT NULL,
	"player_ref" text NOT NULL,
	"game" text NOT NULL,
	"currency" text NOT NULL,
	"count" integer NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"bet" bigint NOT NULL,
	"expires_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "free_rounds_player" ON "studio"."free_rounds" ("player_ref", "game", "currency");--> statement-breakpoint
CREATE TABLE "risk"."turn_overs" (
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"target" bigint DEFAULT 0 NOT NULL,
	"wagered" bigint DEFAULT 0 NOT NULL,
	"cycle_start" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "turn_overs_pkey" PRIMARY KEY ("player_id", "currency")
);--> statement-breakpoint
-- The operator's setting: no row means the rule is off (counters still run); the demo seeds it on with N = 1.
CREATE TABLE "risk"."turn_over_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"enabled" boolean DEFAULT true NOT NULL,
	"multiplier" numeric(8, 2) DEFAULT 1 NOT NULL CHECK ("multiplier" >= 0)
);
