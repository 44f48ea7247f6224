CREATE SCHEMA "wallet";
--> statement-breakpoint
CREATE SCHEMA "outbox";
--> statement-breakpoint
CREATE TABLE "wallet"."accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_kind" text NOT NULL,
	"player_id" uuid,
	"currency" text NOT NULL,
	"purpose" text,
	"status" integer DEFAULT 2 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"real" bigint DEFAULT 0 NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"locked" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_owner_kind_check" CHECK ("wallet"."accounts"."owner_kind" in ('player', 'house')),
	CONSTRAINT "accounts_owner_check" CHECK (("wallet"."accounts"."owner_kind" = 'player' and "wallet"."accounts"."player_id" is not null and "wallet"."accounts"."purpose" is null) or ("wallet"."accounts"."owner_kind" = 'house' and "wallet"."accounts"."player_id" is null and "wallet"."accounts"."purpose" is not null)),
	CONSTRAINT "accounts_player_not_negative_check" CHECK ("wallet"."accounts"."owner_kind" = 'house' or ("wallet"."accounts"."real" >= 0 and "wallet"."accounts"."bonus" >= 0 and "wallet"."accounts"."locked" >= 0)),
	CONSTRAINT "accounts_status_check" CHECK ("wallet"."accounts"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "wallet"."entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"part" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entries_part_check" CHECK ("wallet"."entries"."part" in ('real', 'bonus', 'locked')),
	CONSTRAINT "entries_amount_check" CHECK ("wallet"."entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "wallet"."transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text,
	"request_hash" text NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox"."events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"event" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "wallet"."entries" ADD CONSTRAINT "entries_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "wallet"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet"."entries" ADD CONSTRAINT "entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "wallet"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_player_currency_key" ON "wallet"."accounts" USING btree ("player_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_house_currency_purpose_key" ON "wallet"."accounts" USING btree ("currency","purpose") WHERE "wallet"."accounts"."owner_kind" = 'house';--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_player_active_key" ON "wallet"."accounts" USING btree ("player_id") WHERE "wallet"."accounts"."status" = 1;--> statement-breakpoint
CREATE INDEX "entries_account_idx" ON "wallet"."entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "entries_transaction_idx" ON "wallet"."entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_idempotency_key_key" ON "wallet"."transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "events_unpublished_idx" ON "outbox"."events" USING btree ("id") WHERE "outbox"."events"."published_at" is null;--> statement-breakpoint
CREATE FUNCTION "wallet"."forbid_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'wallet.% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "transactions_append_only" BEFORE UPDATE OR DELETE ON "wallet"."transactions" FOR EACH ROW EXECUTE FUNCTION "wallet"."forbid_change"();--> statement-breakpoint
CREATE TRIGGER "transactions_no_truncate" BEFORE TRUNCATE ON "wallet"."transactions" FOR EACH STATEMENT EXECUTE FUNCTION "wallet"."forbid_change"();--> statement-breakpoint
CREATE TRIGGER "entries_append_only" BEFORE UPDATE OR DELETE ON "wallet"."entries" FOR EACH ROW EXECUTE FUNCTION "wallet"."forbid_change"();--> statement-breakpoint
CREATE TRIGGER "entries_no_truncate" BEFORE TRUNCATE ON "wallet"."entries" FOR EACH STATEMENT EXECUTE FUNCTION "wallet"."forbid_change"();
