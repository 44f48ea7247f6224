CREATE TABLE "notification"."messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"template" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" jsonb,
	"image" text,
	"state" integer DEFAULT 1 NOT NULL,
	"source_key" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "notification"."messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "messages_state_check" CHECK ("notification"."messages"."state" in (1, 2))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "messages_player_source_key" ON "notification"."messages" USING btree ("player_id","source_key");--> statement-breakpoint
CREATE INDEX "messages_player_created_idx" ON "notification"."messages" USING btree ("player_id","created_at" DESC NULLS LAST,"seq" DESC NULLS LAST) WHERE "notification"."messages"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "messages_player_unread_idx" ON "notification"."messages" USING btree ("player_id") WHERE "notification"."messages"."state" = 1 and "notification"."messages"."deleted_at" is null;
