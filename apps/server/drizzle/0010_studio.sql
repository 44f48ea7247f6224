CREATE SCHEMA IF NOT EXISTS "studio";
--> statement-breakpoint
CREATE TABLE "studio"."sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"game" text NOT NULL,
	"mode" text NOT NULL,
	"currency" text NOT NULL,
	"locale" text NOT NULL,
	"lobby" text NOT NULL,
	"player_ref" text,
	"token" text,
	"demo_balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_mode_check" CHECK ("studio"."sessions"."mode" in ('demo', 'real')),
	CONSTRAINT "sessions_demo_balance_check" CHECK ("studio"."sessions"."demo_balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "studio"."seed_pairs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "seed_pairs_active_owner" ON "studio"."seed_pairs" USING btree ("owner") WHERE "studio"."seed_pairs"."active";
--> statement-breakpoint
CREATE TABLE "studio"."rounds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"owner" text NOT NULL,
	"game" text NOT NULL,
	"status" text NOT NULL,
	"bet" bigint NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"bets" integer DEFAULT 1 NOT NULL,
	"seed_pair_id" uuid NOT NULL,
	"nonce" integer NOT NULL,
	"client_seed" text NOT NULL,
	"choice" jsonb NOT NULL,
	"state" jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "rounds_status_check" CHECK ("studio"."rounds"."status" in ('open', 'settled', 'rolled_back'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_seed_nonce" ON "studio"."rounds" USING btree ("seed_pair_id","nonce");
--> statement-breakpoint
CREATE INDEX "rounds_session_created" ON "studio"."rounds" USING btree ("session_id","created_at");
--> statement-breakpoint
CREATE INDEX "rounds_owner_created" ON "studio"."rounds" USING btree ("owner","created_at");
--> statement-breakpoint
CREATE TABLE "studio"."wallet_calls" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"round_id" uuid NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "wallet_calls_kind_check" CHECK ("studio"."wallet_calls"."kind" in ('win', 'rollback'))
);
--> statement-breakpoint
CREATE INDEX "wallet_calls_pending" ON "studio"."wallet_calls" USING btree ("next_at") WHERE "studio"."wallet_calls"."done_at" is null;
