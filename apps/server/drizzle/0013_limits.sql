-- Responsible-gaming limits (issue 11, decision 0038): the risk module's own schema. Limits in force and
-- waiting, an append-only history of every change, and usage counters per period window for the money path.
CREATE SCHEMA IF NOT EXISTS "risk";--> statement-breakpoint
CREATE TABLE "risk"."limits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"definition" smallint NOT NULL,
	"period" text NOT NULL,
	"currency" text,
	"amount" bigint,
	"pending_amount" bigint,
	"pending_at" timestamp with time zone,
	"removal_at" timestamp with time zone,
	"started_at" timestamp with time zone NOT NULL,
	"expired_at" timestamp with time zone,
	"reopen_requested_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "limits_definition_check" CHECK ("risk"."limits"."definition" between 1 and 5),
	CONSTRAINT "limits_cash_check" CHECK (("risk"."limits"."definition" <= 3) = ("risk"."limits"."amount" is not null and "risk"."limits"."currency" is not null)),
	CONSTRAINT "limits_amount_check" CHECK ("risk"."limits"."amount" >= 0 and "risk"."limits"."pending_amount" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "limits_live_cash_key" ON "risk"."limits" USING btree ("player_id","definition","currency","period") WHERE "risk"."limits"."ended_at" is null and "risk"."limits"."definition" <= 3;--> statement-breakpoint
CREATE UNIQUE INDEX "limits_live_exclusion_key" ON "risk"."limits" USING btree ("player_id","definition") WHERE "risk"."limits"."ended_at" is null and "risk"."limits"."definition" > 3;--> statement-breakpoint
CREATE INDEX "limits_player_live_idx" ON "risk"."limits" USING btree ("player_id") WHERE "risk"."limits"."ended_at" is null;--> statement-breakpoint
CREATE TABLE "risk"."limit_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"limit_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"old" jsonb,
	"new" jsonb,
	"at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "limit_history_player_idx" ON "risk"."limit_history" USING btree ("player_id","id");--> statement-breakpoint
CREATE FUNCTION "risk"."forbid_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'risk.% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "limit_history_append_only" BEFORE UPDATE OR DELETE ON "risk"."limit_history" FOR EACH ROW EXECUTE FUNCTION "risk"."forbid_change"();--> statement-breakpoint
CREATE TRIGGER "limit_history_no_truncate" BEFORE TRUNCATE ON "risk"."limit_history" FOR EACH STATEMENT EXECUTE FUNCTION "risk"."forbid_change"();--> statement-breakpoint
CREATE TABLE "risk"."usage" (
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"period" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"staked" bigint DEFAULT 0 NOT NULL,
	"net_loss" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_pkey" PRIMARY KEY("player_id","currency","period","window_start")
);
