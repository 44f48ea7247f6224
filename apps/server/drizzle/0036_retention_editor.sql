ALTER TABLE "retention"."wheel_sectors" DROP CONSTRAINT "wheel_sectors_position";--> statement-breakpoint
ALTER TABLE "retention"."player_quests" ADD COLUMN "terms" jsonb;--> statement-breakpoint
ALTER TABLE "retention"."quest_tasks" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "retention"."quests" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "retention"."wheel_sectors" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "retention"."wheels" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wheel_sectors_live_position" ON "retention"."wheel_sectors" USING btree ("wheel_id","position") WHERE "retention"."wheel_sectors"."retired_at" is null;--> statement-breakpoint
-- Runs started before the editor keep the terms they were started with (the quest as it is now, their own tasks).
UPDATE "retention"."player_quests" AS pq SET "terms" = jsonb_build_object(
  'taskExecutionOrder', q."task_execution_order",
  'rewards', q."rewards",
  'taskIds', coalesce((SELECT jsonb_agg(pqt."task_id") FROM "retention"."player_quest_tasks" pqt WHERE pqt."player_quest_id" = pq."id"), '[]'::jsonb)
) FROM "retention"."quests" AS q WHERE q."id" = pq."quest_id" AND pq."terms" IS NULL;
