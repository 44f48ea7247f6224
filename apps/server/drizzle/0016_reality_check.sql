-- Reality checks (issue 11 §5, UKGC RTS 13, decision 0057): the interval a player chose and the play session's
-- stakes and wins per currency since the last sign-in, counted by the money path. The risk module's own schema.
CREATE TABLE "risk"."reality_checks" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"interval_minutes" smallint DEFAULT 0 NOT NULL,
	"session_started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "risk"."session_play" (
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"staked" bigint DEFAULT 0 NOT NULL,
	"won" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "session_play_pkey" PRIMARY KEY("player_id","currency")
);
