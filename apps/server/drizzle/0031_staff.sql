CREATE SCHEMA "staff";
--> statement-breakpoint
CREATE TABLE "staff"."adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"base_amount" bigint,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"decision_reason" text,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff"."audit_log" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"staff_id" uuid,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"player_id" uuid,
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"result" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff"."player_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff"."sign_in_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"pending_secret" text,
	"wrong_codes" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff"."sign_in_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"step" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff"."accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret" text,
	"totp_last_step" bigint,
	"adjustment_cap" bigint,
	"disabled" boolean DEFAULT false NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"password_must_change" boolean DEFAULT false NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff"."sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player"."players" ADD COLUMN "block_login" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "player"."players" ADD COLUMN "block_deposit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "player"."players" ADD COLUMN "block_bet" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "player"."players" ADD COLUMN "block_withdrawal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff"."adjustments" ADD CONSTRAINT "adjustments_requested_by_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "staff"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff"."adjustments" ADD CONSTRAINT "adjustments_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "staff"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff"."player_notes" ADD CONSTRAINT "player_notes_staff_id_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "staff"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff"."sign_in_challenges" ADD CONSTRAINT "sign_in_challenges_staff_id_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "staff"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff"."sessions" ADD CONSTRAINT "sessions_staff_id_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "staff"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adjustments_idempotency_key_key" ON "staff"."adjustments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "adjustments_status_idx" ON "staff"."adjustments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "adjustments_player_idx" ON "staff"."adjustments" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_player_idx" ON "staff"."audit_log" USING btree ("player_id","seq");--> statement-breakpoint
CREATE INDEX "audit_log_staff_idx" ON "staff"."audit_log" USING btree ("staff_id","seq");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "staff"."audit_log" USING btree ("action","seq");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "staff"."audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "player_notes_player_idx" ON "staff"."player_notes" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_challenges_staff_idx" ON "staff"."sign_in_challenges" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_email_idx" ON "staff"."sign_in_failures" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_at_idx" ON "staff"."sign_in_failures" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_key" ON "staff"."accounts" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "staff"."sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_staff_idx" ON "staff"."sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "invoices_settled_deposits_idx" ON "payment"."invoices" USING btree ("updated_at") WHERE "payment"."invoices"."type" = 1 and "payment"."invoices"."status" = 2;--> statement-breakpoint
CREATE INDEX "players_email_prefix_idx" ON "player"."players" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "players_phone_prefix_idx" ON "player"."players" USING btree ("phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "players_nickname_prefix_idx" ON "player"."players" USING btree (lower("nickname") text_pattern_ops);--> statement-breakpoint
CREATE FUNCTION "staff"."forbid_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff.% is insert-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "staff"."audit_log" FOR EACH ROW EXECUTE FUNCTION "staff"."forbid_change"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "staff"."audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "staff"."forbid_change"();
