-- Issue 16: sorting games by players in the last 7 days and by favourites, and the latest-bets activity board
-- (the newest settled rounds across players, decision 0051).
CREATE INDEX "plays_game_last_idx" ON "game"."plays" USING btree ("game_id","last_played_at");--> statement-breakpoint
CREATE INDEX "favorites_game_idx" ON "game"."favorites" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "seamless_rounds_settled_idx" ON "wallet"."seamless_rounds" USING btree ("settled_at" DESC,"round_id" DESC) WHERE "wallet"."seamless_rounds"."status" = 'settled';
