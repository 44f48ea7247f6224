CREATE TABLE "notification"."outbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "notification"."outbound_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "outbound_messages_channel_check" CHECK ("notification"."outbound_messages"."channel" in ('email', 'sms'))
);
--> statement-breakpoint
CREATE INDEX "outbound_messages_to_created_at_idx" ON "notification"."outbound_messages" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "outbound_messages_created_at_idx" ON "notification"."outbound_messages" USING btree ("created_at");