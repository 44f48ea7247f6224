CREATE TABLE "player"."social_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"connection" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player"."social_logins" (
	"id" text PRIMARY KEY NOT NULL,
	"connection" text NOT NULL,
	"route_connection" text NOT NULL,
	"state" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player"."social_identities" ADD CONSTRAINT "social_identities_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "player"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "social_identities_issuer_subject_key" ON "player"."social_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "social_identities_player_idx" ON "player"."social_identities" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "social_logins_expires_idx" ON "player"."social_logins" USING btree ("expires_at");