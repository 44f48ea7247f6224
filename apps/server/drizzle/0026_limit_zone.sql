-- A cash limit counts its windows in its own zone, the profile's when it was set (decision 0091): an edit
-- of the profile's time zone no longer opens a fresh window. Live limits keep the windows they count in
-- today (the profile's zone now); a value the profile does not offer reads as UTC, as before.
ALTER TABLE "risk"."limits" ADD COLUMN "zone" text;--> statement-breakpoint
UPDATE "risk"."limits" AS l SET "zone" = p."time_zone"
  FROM "player"."players" AS p
 WHERE p."id" = l."player_id" AND l."definition" <= 3 AND l."ended_at" IS NULL;
