CREATE TABLE "wallet"."seamless_pending_rollbacks" (
	"provider_id" text NOT NULL,
	"bet_tx_id" text NOT NULL,
	"rollback_tx_id" text NOT NULL,
	"round_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "seamless_pending_rollbacks_provider_id_bet_tx_id_pk" PRIMARY KEY("provider_id","bet_tx_id")
);
--> statement-breakpoint
CREATE TABLE "wallet"."seamless_providers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"games" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet"."seamless_rounds" (
	"provider_id" text NOT NULL,
	"round_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"game_id" text NOT NULL,
	"currency" text NOT NULL,
	"bet_total" bigint DEFAULT 0 NOT NULL,
	"win_total" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "seamless_rounds_provider_id_round_id_pk" PRIMARY KEY("provider_id","round_id"),
	CONSTRAINT "seamless_rounds_status_check" CHECK ("wallet"."seamless_rounds"."status" in ('open', 'settled', 'rolled_back'))
);
--> statement-breakpoint
CREATE TABLE "wallet"."seamless_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"provider_id" text NOT NULL,
	"game_id" text NOT NULL,
	"currency" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet"."seamless_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" text NOT NULL,
	"provider_tx_id" text NOT NULL,
	"kind" text NOT NULL,
	"round_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"ref_tx_id" text,
	"ledger_transaction_id" uuid,
	"request_hash" text NOT NULL,
	"answer" jsonb NOT NULL,
	"rolled_back_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seamless_transactions_kind_check" CHECK ("wallet"."seamless_transactions"."kind" in ('bet', 'win', 'rollback'))
);
--> statement-breakpoint
CREATE INDEX "seamless_rounds_player_idx" ON "wallet"."seamless_rounds" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "seamless_sessions_player_idx" ON "wallet"."seamless_sessions" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seamless_transactions_provider_tx_key" ON "wallet"."seamless_transactions" USING btree ("provider_id","provider_tx_id");--> statement-breakpoint
CREATE INDEX "seamless_transactions_round_idx" ON "wallet"."seamless_transactions" USING btree ("provider_id","round_id");