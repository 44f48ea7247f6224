-- Tournaments (issue 13 §4, decision 0063): definitions, prizes, entries (the leaderboard's source of truth),
-- the rounds that scored (multipliers, rollbacks) and the fixed result.
CREATE TABLE "retention"."tournaments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity" text NOT NULL,
	"title" text NOT NULL,
	"type" smallint NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"confirmation_required" boolean DEFAULT false NOT NULL,
	"conditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rates" jsonb NOT NULL,
	"series" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_identity_key" UNIQUE("identity")
);--> statement-breakpoint
CREATE INDEX "tournaments_status_end_idx" ON "retention"."tournaments" USING btree ("status","end_at");--> statement-breakpoint
CREATE TABLE "retention"."tournament_prizes" (
	"tournament_id" uuid NOT NULL REFERENCES "retention"."tournaments"("id") ON DELETE cascade,
	"place" integer NOT NULL,
	"type" smallint NOT NULL,
	"title" text NOT NULL,
	"currency" text,
	"amount" bigint,
	"bonus_id" uuid,
	CONSTRAINT "tournament_prizes_tournament_id_place_pk" PRIMARY KEY("tournament_id","place")
);--> statement-breakpoint
CREATE TABLE "retention"."tournament_entries" (
	"tournament_id" uuid NOT NULL REFERENCES "retention"."tournaments"("id") ON DELETE cascade,
	"player_id" uuid NOT NULL,
	"seq" bigserial NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "tournament_entries_tournament_id_player_id_pk" PRIMARY KEY("tournament_id","player_id")
);--> statement-breakpoint
CREATE INDEX "tournament_entries_rank_idx" ON "retention"."tournament_entries" USING btree ("tournament_id","points" DESC,"seq");--> statement-breakpoint
CREATE TABLE "retention"."tournament_rounds" (
	"tournament_id" uuid NOT NULL REFERENCES "retention"."tournaments"("id") ON DELETE cascade,
	"provider_id" text NOT NULL,
	"round_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"stake" bigint NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "tournament_rounds_tournament_id_provider_id_round_id_pk" PRIMARY KEY("tournament_id","provider_id","round_id")
);--> statement-breakpoint
CREATE TABLE "retention"."tournament_results" (
	"tournament_id" uuid NOT NULL REFERENCES "retention"."tournaments"("id") ON DELETE cascade,
	"place" integer NOT NULL,
	"player_id" uuid NOT NULL,
	"nickname" text,
	"points" bigint NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_results_tournament_id_place_pk" PRIMARY KEY("tournament_id","place")
);
