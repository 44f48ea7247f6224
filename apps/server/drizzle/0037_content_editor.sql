CREATE SCHEMA "content";
--> statement-breakpoint
CREATE TABLE "content"."overrides" (
	"locale" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"unpublished" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "overrides_locale_kind_key_pk" PRIMARY KEY("locale","kind","key")
);
