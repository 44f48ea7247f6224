-- Quests (issue 13, decision 0061): definitions with tasks (operator data), the players' quests and their
-- task progress (written by activation, the retention consumer, claims and the deadline job).
CREATE TABLE "retention"."quests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity" text NOT NULL UNIQUE,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"task_execution_order" smallint DEFAULT 1 NOT NULL,
	"package_order" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"available_to" timestamp with time zone,
	"duration_minutes" integer,
	"rewards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quests_execution_order" CHECK ("task_execution_order" in (1, 2)),
	CONSTRAINT "quests_duration" CHECK ("duration_minutes" is null or "duration_minutes" > 0)
);--> statement-breakpoint
CREATE TABLE "retention"."quest_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quest_id" uuid NOT NULL REFERENCES "retention"."quests"("id"),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" smallint NOT NULL,
	"quantity" integer NOT NULL,
	"execution_order" integer DEFAULT 1 NOT NULL,
	"conditions" jsonb NOT NULL,
	CONSTRAINT "quest_tasks_type" CHECK ("type" in (2, 3, 4, 6)),
	CONSTRAINT "quest_tasks_quantity" CHECK ("quantity" > 0)
);--> statement-breakpoint
CREATE INDEX "quest_tasks_quest" ON "retention"."quest_tasks" ("quest_id");--> statement-breakpoint
CREATE TABLE "retention"."player_quests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"quest_id" uuid NOT NULL REFERENCES "retention"."quests"("id"),
	"currency" text NOT NULL,
	"state" smallint DEFAULT 2 NOT NULL,
	"end_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "player_quests_state" CHECK ("state" between 2 and 6)
);--> statement-breakpoint
CREATE UNIQUE INDEX "player_quests_one_live" ON "retention"."player_quests" ("player_id", "quest_id") WHERE "state" in (2, 3, 4);--> statement-breakpoint
CREATE INDEX "player_quests_player_state" ON "retention"."player_quests" ("player_id", "state");--> statement-breakpoint
CREATE TABLE "retention"."player_quest_tasks" (
	"player_quest_id" uuid NOT NULL REFERENCES "retention"."player_quests"("id"),
	"task_id" uuid NOT NULL REFERENCES "retention"."quest_tasks"("id"),
	"progress" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "player_quest_tasks_pkey" PRIMARY KEY("player_quest_id","task_id"),
	CONSTRAINT "player_quest_tasks_progress" CHECK ("progress" >= 0)
);--> statement-breakpoint
CREATE TABLE "retention"."quest_round_stakes" (
	"player_id" uuid NOT NULL,
	"round_id" text NOT NULL,
	"stake" bigint NOT NULL,
	CONSTRAINT "quest_round_stakes_pkey" PRIMARY KEY("player_id","round_id")
);
