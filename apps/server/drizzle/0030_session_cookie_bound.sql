-- A session refreshed once with the refresh cookie is bound to it: a later refresh without it is refused
-- (decision 0096).
ALTER TABLE "player"."sessions" ADD COLUMN "cookie_bound" boolean DEFAULT false NOT NULL;
