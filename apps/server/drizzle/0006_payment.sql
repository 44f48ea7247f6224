CREATE SCHEMA "payment";
--> statement-breakpoint
CREATE TABLE "payment"."invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"type" integer NOT NULL,
	"method" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"status_result" text DEFAULT 'pending' NOT NULL,
	"public_data" jsonb,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provider" text DEFAULT 'sandbox' NOT NULL,
	"provider_reference" text NOT NULL,
	"last_event_id" text,
	"number" integer,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_type_check" CHECK ("payment"."invoices"."type" in (1, 2)),
	CONSTRAINT "invoices_status_check" CHECK ("payment"."invoices"."status" in (1, 2, 3)),
	CONSTRAINT "invoices_amount_check" CHECK ("payment"."invoices"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment"."webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'sandbox' NOT NULL,
	"type" text NOT NULL,
	"invoice_id" uuid,
	"payload" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_reference_key" ON "payment"."invoices" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE INDEX "invoices_player_idx" ON "payment"."invoices" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "payment"."invoices" USING btree ("due_at") WHERE "payment"."invoices"."status" = 1;