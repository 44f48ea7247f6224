-- Loyalty and wheels of fortune (issue 13, decisions 0059 and 0060). Points are kept in hundredths of a point
-- (integers). Levels, the programme's rate and the wheels are operator data; accounts, rounds and spins are
-- written by the retention consumer and the spin command.
CREATE TABLE "retention"."loyalty_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"order" integer NOT NULL UNIQUE,
	"points" bigint NOT NULL,
	CONSTRAINT "loyalty_levels_points" CHECK ("points" >= 0)
);--> statement-breakpoint
CREATE TABLE "retention"."loyalty_program" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"points_per_base_unit" numeric(12, 4) DEFAULT '1' NOT NULL,
	"default_contribution" integer DEFAULT 100 NOT NULL,
	"contributions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "loyalty_program_single" CHECK ("id" = 1)
);--> statement-breakpoint
INSERT INTO "retention"."loyalty_program" ("id") VALUES (1);--> statement-breakpoint
CREATE TABLE "retention"."loyalty_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL UNIQUE,
	"points" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "retention"."loyalty_rounds" (
	"player_id" uuid NOT NULL,
	"round_id" text NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "loyalty_rounds_pkey" PRIMARY KEY("player_id","round_id")
);--> statement-breakpoint
CREATE TABLE "retention"."wheels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity" text NOT NULL UNIQUE,
	"title" text NOT NULL,
	"start_at" timestamp with time zone DEFAULT now() NOT NULL,
	"end_at" timestamp with time zone,
	"daily_spins" integer DEFAULT 0 NOT NULL,
	"deposit_spins" integer DEFAULT 0 NOT NULL,
	"deposit_min" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deposit_spin_days" integer DEFAULT 7 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "retention"."wheel_sectors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wheel_id" uuid NOT NULL REFERENCES "retention"."wheels"("id"),
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"weight" integer NOT NULL,
	"prize_type" text DEFAULT 'none' NOT NULL,
	"amounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "wheel_sectors_position" UNIQUE("wheel_id","position"),
	CONSTRAINT "wheel_sectors_weight" CHECK ("weight" >= 0),
	CONSTRAINT "wheel_sectors_prize_type" CHECK ("prize_type" in ('none', 'real', 'bonus', 'points'))
);--> statement-breakpoint
CREATE TABLE "retention"."wheel_spins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wheel_id" uuid NOT NULL REFERENCES "retention"."wheels"("id"),
	"player_id" uuid NOT NULL,
	"grant_key" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"expire_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"client_seed" text,
	"nonce" integer,
	"sector_id" uuid REFERENCES "retention"."wheel_sectors"("id"),
	"prize" jsonb,
	CONSTRAINT "wheel_spins_grant" UNIQUE("wheel_id","player_id","grant_key")
);--> statement-breakpoint
CREATE INDEX "wheel_spins_unused" ON "retention"."wheel_spins" ("player_id","wheel_id") WHERE "used_at" IS NULL;
