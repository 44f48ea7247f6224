CREATE SCHEMA "reporting";
--> statement-breakpoint
CREATE TABLE "reporting"."bonus_cost_players" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"campaign_id" text NOT NULL,
	"currency" text NOT NULL,
	"player_id" uuid NOT NULL,
	CONSTRAINT "bonus_cost_players_day_kind_campaign_id_currency_player_id_pk" PRIMARY KEY("day","kind","campaign_id","currency","player_id")
);
--> statement-breakpoint
CREATE TABLE "reporting"."daily_bonus_cost" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"campaign_id" text NOT NULL,
	"currency" text NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"players" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_bonus_cost_day_kind_campaign_id_currency_pk" PRIMARY KEY("day","kind","campaign_id","currency")
);
--> statement-breakpoint
CREATE TABLE "reporting"."daily_figures" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"deposit_count" integer DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"withdrawal_count" integer DEFAULT 0 NOT NULL,
	"bets" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"bonus_cost" bigint DEFAULT 0 NOT NULL,
	"adjustments" bigint DEFAULT 0 NOT NULL,
	"active_players" integer DEFAULT 0 NOT NULL,
	"new_players" integer DEFAULT 0 NOT NULL,
	"first_deposits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_figures_day_currency_pk" PRIMARY KEY("day","currency")
);
--> statement-breakpoint
CREATE TABLE "reporting"."daily_games" (
	"day" date NOT NULL,
	"game_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"currency" text NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"payouts" bigint DEFAULT 0 NOT NULL,
	"real_stakes" bigint DEFAULT 0 NOT NULL,
	"real_payouts" bigint DEFAULT 0 NOT NULL,
	"stake_squares" numeric(38, 0) DEFAULT '0' NOT NULL,
	CONSTRAINT "daily_games_day_game_id_currency_pk" PRIMARY KEY("day","game_id","currency")
);
--> statement-breakpoint
CREATE TABLE "reporting"."daily_players" (
	"day" date NOT NULL,
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"bets" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"stake_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_players_day_player_id_currency_pk" PRIMARY KEY("day","player_id","currency")
);
--> statement-breakpoint
CREATE TABLE "reporting"."monthly_games" (
	"month" date NOT NULL,
	"game_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"currency" text NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"payouts" bigint DEFAULT 0 NOT NULL,
	"real_stakes" bigint DEFAULT 0 NOT NULL,
	"real_payouts" bigint DEFAULT 0 NOT NULL,
	"stake_squares" numeric(38, 0) DEFAULT '0' NOT NULL,
	CONSTRAINT "monthly_games_month_game_id_currency_pk" PRIMARY KEY("month","game_id","currency")
);
--> statement-breakpoint
CREATE TABLE "reporting"."player_milestones" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"registered_at" timestamp with time zone,
	"registered_currency" text,
	"first_deposit_at" timestamp with time zone,
	"first_deposit_currency" text
);
--> statement-breakpoint
CREATE TABLE "reporting"."reconciliation_findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"figure" text NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"key" text,
	"rollup" bigint NOT NULL,
	"ledger" bigint NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reporting"."reconciliation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"compared" integer DEFAULT 0 NOT NULL,
	"findings" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reporting"."processed_events" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "daily_players_currency_day_idx" ON "reporting"."daily_players" USING btree ("currency","day");--> statement-breakpoint
CREATE INDEX "player_milestones_registered_idx" ON "reporting"."player_milestones" USING btree ("registered_at");--> statement-breakpoint
CREATE INDEX "player_milestones_first_deposit_idx" ON "reporting"."player_milestones" USING btree ("first_deposit_at");--> statement-breakpoint
CREATE INDEX "reconciliation_findings_run_idx" ON "reporting"."reconciliation_findings" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "transactions_created_brin" ON "wallet"."transactions" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "seamless_transactions_created_brin" ON "wallet"."seamless_transactions" USING brin ("created_at");