CREATE SCHEMA "kyc";
--> statement-breakpoint
CREATE TABLE "kyc"."applicants" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'init' NOT NULL,
	"reject_reason" text,
	"sandbox_token_hash" text,
	"decide_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kyc"."documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"type" text NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"status" integer DEFAULT 2 NOT NULL,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "applicants_sandbox_token_hash_key" ON "kyc"."applicants" USING btree ("sandbox_token_hash");--> statement-breakpoint
CREATE INDEX "documents_player_created_idx" ON "kyc"."documents" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_storage_key_key" ON "kyc"."documents" USING btree ("storage_key");