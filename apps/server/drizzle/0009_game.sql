CREATE SCHEMA IF NOT EXISTS "game";
--> statement-breakpoint
CREATE TABLE "game"."providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"logo_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "providers_identity_key" UNIQUE("identity")
);
--> statement-breakpoint
CREATE TABLE "game"."collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_identity_key" UNIQUE("identity")
);
--> statement-breakpoint
CREATE TABLE "game"."games" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity" text NOT NULL,
	"name" text NOT NULL,
	"provider_id" uuid NOT NULL,
	"type" text NOT NULL,
	"volatility" text DEFAULT '' NOT NULL,
	"paylines" integer DEFAULT 0 NOT NULL,
	"rtp" numeric(5, 2),
	"description" text,
	"is_demo_mode" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"platforms" integer[] DEFAULT '{1,2}'::int[] NOT NULL,
	"currencies" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_path" text,
	"custom_image_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game"."game_collections" (
	"collection_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "game_collections_collection_id_game_id_pk" PRIMARY KEY("collection_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game"."favorites" (
	"player_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_player_id_game_id_pk" PRIMARY KEY("player_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game"."plays" (
	"player_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"last_played_at" timestamp with time zone DEFAULT now() NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "plays_player_id_game_id_pk" PRIMARY KEY("player_id","game_id")
);
--> statement-breakpoint
ALTER TABLE "game"."games" ADD CONSTRAINT "games_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "game"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game"."game_collections" ADD CONSTRAINT "game_collections_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "game"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game"."game_collections" ADD CONSTRAINT "game_collections_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "game"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game"."favorites" ADD CONSTRAINT "favorites_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "game"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game"."plays" ADD CONSTRAINT "plays_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "game"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "games_identity_key" ON "game"."games" USING btree ("identity");--> statement-breakpoint
CREATE INDEX "games_provider_idx" ON "game"."games" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "games_enabled_position_idx" ON "game"."games" USING btree ("position","name") WHERE "game"."games"."enabled";--> statement-breakpoint
CREATE INDEX "game_collections_game_idx" ON "game"."game_collections" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "favorites_player_created_idx" ON "game"."favorites" USING btree ("player_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plays_player_last_idx" ON "game"."plays" USING btree ("player_id","last_played_at" DESC NULLS LAST);
