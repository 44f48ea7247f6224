-- The player bonus's real money so far (decision 0090): its conversion, then the shares of its rounds paid
-- after it; the max win caps it. Bonuses converted before this release start at 0 (their later shares are
-- capped at the whole max win, as before).
ALTER TABLE "bonus"."player_bonuses" ADD COLUMN "converted" bigint DEFAULT 0 NOT NULL;
