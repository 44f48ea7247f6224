CREATE SCHEMA "compliance";
--> statement-breakpoint
CREATE SCHEMA "settings";
--> statement-breakpoint
CREATE TABLE "compliance"."processed_events" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance"."flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"list" text NOT NULL,
	"kind" text NOT NULL,
	"severity" smallint NOT NULL,
	"window" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"detail" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"close_reason" text,
	"interaction_id" uuid
);
--> statement-breakpoint
CREATE TABLE "compliance"."interactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"flag_id" uuid,
	"observed" text NOT NULL,
	"action" text NOT NULL,
	"action_note" text NOT NULL,
	"follow_up_at" timestamp with time zone,
	"reason" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text,
	"outcome_by" uuid,
	"outcome_at" timestamp with time zone,
	"review_verdict" text,
	"review_note" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "interactions_outcome_whole" CHECK (("compliance"."interactions"."outcome" is null) = ("compliance"."interactions"."outcome_by" is null) and ("compliance"."interactions"."outcome" is null) = ("compliance"."interactions"."outcome_at" is null)),
	CONSTRAINT "interactions_review_whole" CHECK (("compliance"."interactions"."review_verdict" is null) = ("compliance"."interactions"."reviewed_by" is null) and ("compliance"."interactions"."review_verdict" is null) = ("compliance"."interactions"."reviewed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "compliance"."player_days" (
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"staked" bigint DEFAULT 0 NOT NULL,
	"won" bigint DEFAULT 0 NOT NULL,
	"night_bets" integer DEFAULT 0 NOT NULL,
	"deposits_declined" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "player_days_player_id_currency_day_pk" PRIMARY KEY("player_id","currency","day")
);
--> statement-breakpoint
CREATE TABLE "compliance"."player_money" (
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"deposits" integer DEFAULT 0 NOT NULL,
	"deposited" bigint DEFAULT 0 NOT NULL,
	"since_withdrawal" bigint DEFAULT 0 NOT NULL,
	"since_at" timestamp with time zone,
	CONSTRAINT "player_money_player_id_currency_pk" PRIMARY KEY("player_id","currency")
);
--> statement-breakpoint
CREATE TABLE "compliance"."player_play" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"streak_started_at" timestamp with time zone NOT NULL,
	"last_play_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment"."withdrawal_reviews" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"status" text NOT NULL,
	"base_amount" bigint,
	"base_currency" text NOT NULL,
	"risk_flags" jsonb NOT NULL,
	"approvals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"four_eyes" boolean DEFAULT false NOT NULL,
	"auto_approved" boolean DEFAULT false NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_reviews_status_check" CHECK ("payment"."withdrawal_reviews"."status" in ('review', 'approved', 'rejected', 'paid', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "settings"."operating_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kyc"."applicants" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "kyc"."applicants" ADD COLUMN "provider_result" text;--> statement-breakpoint
ALTER TABLE "kyc"."applicants" ADD COLUMN "provider_reject_reason" text;--> statement-breakpoint
ALTER TABLE "kyc"."applicants" ADD COLUMN "provider_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kyc"."documents" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "kyc"."documents" ADD COLUMN "requested_type" text;--> statement-breakpoint
ALTER TABLE "compliance"."interactions" ADD CONSTRAINT "interactions_flag_id_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "compliance"."flags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flags_player_kind_window_key" ON "compliance"."flags" USING btree ("player_id","kind","window");--> statement-breakpoint
CREATE INDEX "flags_queue_idx" ON "compliance"."flags" USING btree ("list","status","severity","last_seen_at");--> statement-breakpoint
CREATE INDEX "flags_player_idx" ON "compliance"."flags" USING btree ("player_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "interactions_player_idx" ON "compliance"."interactions" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "interactions_flag_idx" ON "compliance"."interactions" USING btree ("flag_id");--> statement-breakpoint
CREATE INDEX "interactions_follow_up_idx" ON "compliance"."interactions" USING btree ("follow_up_at") WHERE "compliance"."interactions"."outcome" is null;--> statement-breakpoint
CREATE INDEX "withdrawal_reviews_status_idx" ON "payment"."withdrawal_reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "withdrawal_reviews_player_idx" ON "payment"."withdrawal_reviews" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_status_created_idx" ON "kyc"."documents" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "invoices_instrument_idx" ON "payment"."invoices" USING btree (("details"->>'instrument'));--> statement-breakpoint
CREATE INDEX "players_fingerprint_idx" ON "player"."players" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "sessions_fingerprint_idx" ON "player"."sessions" USING btree ("fingerprint");--> statement-breakpoint
-- Hand SQL (decision 0112): withdrawals made before review existed get their row, as what happened to them: a
-- pending one was already handed to the provider (approved, by the old rule), a settled one paid or failed.
INSERT INTO "payment"."withdrawal_reviews" ("invoice_id", "player_id", "status", "base_currency", "risk_flags", "auto_approved", "created_at")
SELECT "id", "player_id",
       CASE "status" WHEN 1 THEN 'approved' WHEN 2 THEN 'paid' ELSE CASE WHEN "status_result" = 'declined' THEN 'cancelled' ELSE 'failed' END END,
       'EUR', '[]'::jsonb, true, "created_at"
  FROM "payment"."invoices" WHERE "type" = 2
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Hand-written (decision 0114): the interaction log is kept 5 years. A DELETE of a younger row is refused, so is
-- any change to what was recorded; the outcome and the review are each written once (null → value), never changed.
CREATE FUNCTION "compliance"."keep_interactions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.created_at > now() - interval '5 years' THEN
      RAISE EXCEPTION 'compliance.interactions are kept 5 years' USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN OLD;
  END IF;
  IF (NEW.id, NEW.player_id, NEW.flag_id, NEW.observed, NEW.action, NEW.action_note, NEW.follow_up_at, NEW.reason,
      NEW.created_by, NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.player_id, OLD.flag_id, OLD.observed, OLD.action, OLD.action_note, OLD.follow_up_at, OLD.reason,
      OLD.created_by, OLD.created_at) THEN
    RAISE EXCEPTION 'compliance.interactions: what was recorded is never changed' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.outcome IS NOT NULL AND (NEW.outcome, NEW.outcome_by, NEW.outcome_at)
     IS DISTINCT FROM (OLD.outcome, OLD.outcome_by, OLD.outcome_at) THEN
    RAISE EXCEPTION 'compliance.interactions: the outcome is written once' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.review_verdict IS NOT NULL AND (NEW.review_verdict, NEW.review_note, NEW.reviewed_by, NEW.reviewed_at)
     IS DISTINCT FROM (OLD.review_verdict, OLD.review_note, OLD.reviewed_by, OLD.reviewed_at) THEN
    RAISE EXCEPTION 'compliance.interactions: the review is written once' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "compliance"."forbid_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'compliance.% is kept 5 years', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "interactions_kept" BEFORE UPDATE OR DELETE ON "compliance"."interactions" FOR EACH ROW EXECUTE FUNCTION "compliance"."keep_interactions"();--> statement-breakpoint
CREATE TRIGGER "interactions_no_truncate" BEFORE TRUNCATE ON "compliance"."interactions" FOR EACH STATEMENT EXECUTE FUNCTION "compliance"."forbid_truncate"();
