ALTER TABLE "bonus"."bonuses" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonus"."codes" ADD COLUMN "max_uses" integer;--> statement-breakpoint
ALTER TABLE "bonus"."codes" ADD COLUMN "max_uses_per_period" integer;--> statement-breakpoint
ALTER TABLE "bonus"."codes" ADD COLUMN "period_hours" integer;--> statement-breakpoint
ALTER TABLE "bonus"."codes" ADD COLUMN "valid_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonus"."codes" ADD COLUMN "valid_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonus"."codes" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonus"."codes" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus"."packages" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus"."player_bonuses" ADD COLUMN "terms" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus"."player_freespins" ADD COLUMN "terms" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Issue 27: a running player bonus keeps the terms it was issued with. Bonuses issued before this migration get
-- their definition's terms as they are now (the best record there is of what they were issued with).
UPDATE "bonus"."player_bonuses" pb SET "terms" = jsonb_build_object(
  'wagerMultiplier', b.wager_multiplier::text, 'maxBet', pb.max_bet::text, 'maxWin', pb.max_win::text,
  'gameIds', to_jsonb(b.game_ids), 'gameIdsExcluded', b.game_ids_excluded,
  'providerIds', to_jsonb(b.provider_ids), 'providerIdsExcluded', b.provider_ids_excluded,
  'contributions', b.contributions, 'cancelLock', b.cancel_lock,
  'activationDays', b.activation_days, 'wageringDays', b.wagering_days)
FROM "bonus"."bonuses" b WHERE b.id = pb.bonus_id;--> statement-breakpoint
UPDATE "bonus"."player_freespins" f SET "terms" = jsonb_build_object(
  'wagerMultiplier', b.wager_multiplier::text, 'maxBet', b.max_bets ->> f.currency, 'maxWin', b.max_wins ->> f.currency,
  'gameIds', to_jsonb(b.game_ids), 'gameIdsExcluded', b.game_ids_excluded,
  'providerIds', to_jsonb(b.provider_ids), 'providerIdsExcluded', b.provider_ids_excluded,
  'contributions', b.contributions, 'cancelLock', b.cancel_lock,
  'activationDays', b.activation_days, 'wageringDays', b.wagering_days)
FROM "bonus"."bonuses" b WHERE b.id = f.bonus_id;--> statement-breakpoint
-- The turn-over rule's setting moves to the operating settings (issue 27); the operator's current row carries over.
INSERT INTO "settings"."operating_settings" ("key", "value")
SELECT 'turn-over', jsonb_build_object('enabled', s.enabled, 'multiplier', s.multiplier::float8)
FROM "risk"."turn_over_settings" s WHERE s.id = 1
ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
-- risk.turn_over_settings is no longer read (issue 27). Until it is dropped, a write to it still sets the operating
-- setting (older tools and test helpers write it), and deleting from it returns the setting to its default.
CREATE OR REPLACE FUNCTION "risk"."turn_over_settings_mirror"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "settings"."operating_settings" WHERE "key" = 'turn-over';
    RETURN NULL;
  END IF;
  INSERT INTO "settings"."operating_settings" ("key", "value")
  VALUES ('turn-over', jsonb_build_object('enabled', NEW.enabled, 'multiplier', NEW.multiplier::float8))
  ON CONFLICT ("key") DO UPDATE SET "value" = excluded."value", "updated_at" = now();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "turn_over_settings_mirror_write" AFTER INSERT OR UPDATE ON "risk"."turn_over_settings"
  FOR EACH ROW EXECUTE FUNCTION "risk"."turn_over_settings_mirror"();--> statement-breakpoint
CREATE TRIGGER "turn_over_settings_mirror_delete" AFTER DELETE ON "risk"."turn_over_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "risk"."turn_over_settings_mirror"();
