-- Rollbacks undo what their bet did, exactly once (decision 0093): loyalty, tournaments and quests keep what
-- each bet gave while its round can still be rolled back (loyalty_bets replaces loyalty_rounds, which took
-- back by round at today's rate); a play session's row says when it began, so a rollback takes its stake back
-- only from the session that counted it.
CREATE TABLE "retention"."loyalty_bets" (
	"provider_id" text NOT NULL,
	"round_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"points" bigint NOT NULL,
	CONSTRAINT "loyalty_bets_provider_id_round_id_transaction_id_pk" PRIMARY KEY("provider_id","round_id","transaction_id")
);
--> statement-breakpoint
CREATE TABLE "retention"."quest_bets" (
	"provider_id" text NOT NULL,
	"round_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"player_quest_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	CONSTRAINT "quest_bets_provider_id_round_id_transaction_id_player_quest_id_task_id_pk" PRIMARY KEY("provider_id","round_id","transaction_id","player_quest_id","task_id")
);
--> statement-breakpoint
CREATE TABLE "retention"."tournament_bets" (
	"provider_id" text NOT NULL,
	"round_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"tournament_id" uuid NOT NULL,
	"stake" bigint NOT NULL,
	"points" bigint NOT NULL,
	CONSTRAINT "tournament_bets_provider_id_round_id_transaction_id_tournament_id_pk" PRIMARY KEY("provider_id","round_id","transaction_id","tournament_id")
);
--> statement-breakpoint
DROP TABLE "retention"."loyalty_rounds" CASCADE;--> statement-breakpoint
ALTER TABLE "risk"."session_play" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "retention"."quest_bets" ADD CONSTRAINT "quest_bets_player_quest_id_player_quests_id_fk" FOREIGN KEY ("player_quest_id") REFERENCES "retention"."player_quests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention"."tournament_bets" ADD CONSTRAINT "tournament_bets_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "retention"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quest_bets_run" ON "retention"."quest_bets" USING btree ("player_quest_id");