CREATE SCHEMA "notification";
--> statement-breakpoint
CREATE TABLE "notification"."communications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"ip" text,
	"country" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "communications_created_at_idx" ON "notification"."communications" USING btree ("created_at");