DROP INDEX IF EXISTS "wallet"."seamless_rounds_player_idx";--> statement-breakpoint
CREATE INDEX "seamless_rounds_player_history_idx" ON "wallet"."seamless_rounds" USING btree ("player_id","created_at" DESC,"round_id" DESC) INCLUDE ("status");--> statement-breakpoint
CREATE INDEX "seamless_rounds_wins_idx" ON "wallet"."seamless_rounds" USING btree ("settled_at" DESC,"round_id" DESC) WHERE "wallet"."seamless_rounds"."status" = 'settled' and "wallet"."seamless_rounds"."win_total" > "wallet"."seamless_rounds"."bet_total";
