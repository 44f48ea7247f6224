-- Retention (issue 13, decision 0058): the module's schema and the events it has applied. A row is written
-- in the same transaction as the event's effects, so an event delivered twice is applied once.
CREATE SCHEMA IF NOT EXISTS "retention";--> statement-breakpoint
CREATE TABLE "retention"."processed_events" (
	"event_id" bigint NOT NULL,
	"consumer" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_pkey" PRIMARY KEY("event_id","consumer")
);
