ALTER TABLE "game"."games" ADD COLUMN "badges" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "game"."games" ADD COLUMN "countries" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "game"."games" ADD COLUMN "restricted_countries" text[] DEFAULT '{}'::text[] NOT NULL;