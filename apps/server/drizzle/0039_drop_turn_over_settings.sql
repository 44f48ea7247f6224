-- The turn-over rule reads its operating setting since 0034 (issue 27); the old table and the trigger that kept
-- writes to it in step go.
DROP TRIGGER IF EXISTS "turn_over_settings_mirror_write" ON "risk"."turn_over_settings";--> statement-breakpoint
DROP TRIGGER IF EXISTS "turn_over_settings_mirror_delete" ON "risk"."turn_over_settings";--> statement-breakpoint
DROP FUNCTION IF EXISTS "risk"."turn_over_settings_mirror"();--> statement-breakpoint
DROP TABLE IF EXISTS "risk"."turn_over_settings";
