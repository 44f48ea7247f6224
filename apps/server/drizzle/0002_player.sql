CREATE SCHEMA "player";
--> statement-breakpoint
CREATE TABLE "player"."auth_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"outcome" text NOT NULL,
	"player_id" uuid,
	"session_id" uuid,
	"identity" text,
	"ip" text,
	"user_agent" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player"."autologin_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player"."email_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player"."field_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"scenario" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"editable" boolean DEFAULT true NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player"."otp_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"reason" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player"."password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player"."players" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "player"."players_external_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100001 CACHE 1),
	"email" text,
	"phone" text,
	"password_hash" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"currency" text,
	"country" text,
	"locale" text,
	"first_name" text,
	"last_name" text,
	"nickname" text,
	"gender" text,
	"birthdate" date,
	"nationality" text,
	"place_of_birth" text,
	"address" text,
	"additional_address" text,
	"city" text,
	"postal_code" text,
	"time_zone" text,
	"profession" text,
	"personal_id_number" text,
	"security_question" text,
	"security_answer" text,
	"language" text,
	"cpf_number" text,
	"freshchat_restore_id" text,
	"receive_email_promo" boolean DEFAULT false NOT NULL,
	"receive_sms_promo" boolean DEFAULT false NOT NULL,
	"agreed_tc" boolean DEFAULT false NOT NULL,
	"pwa_installed" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"phone_confirmed" boolean DEFAULT false NOT NULL,
	"segment_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"referral_code" text,
	"referred_by" text,
	"affiliate_tag" text,
	"fingerprint" text,
	"registration_ip" text,
	"registration_country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player"."sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"ip" text,
	"country" text,
	"device_type" text NOT NULL,
	"user_agent" text,
	"fingerprint" text,
	"method" text NOT NULL,
	"jti" text NOT NULL,
	"previous_jti" text,
	"rotated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refresh_until" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"close_reason" text
);
--> statement-breakpoint
ALTER TABLE "player"."autologin_tokens" ADD CONSTRAINT "autologin_tokens_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "player"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player"."email_confirmations" ADD CONSTRAINT "email_confirmations_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "player"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player"."password_resets" ADD CONSTRAINT "password_resets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "player"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player"."sessions" ADD CONSTRAINT "sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "player"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_events_identity_idx" ON "player"."auth_events" USING btree ("identity","type","created_at");--> statement-breakpoint
CREATE INDEX "auth_events_player_idx" ON "player"."auth_events" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "autologin_tokens_token_hash_key" ON "player"."autologin_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "email_confirmations_code_hash_key" ON "player"."email_confirmations" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "field_settings_scenario_name_key" ON "player"."field_settings" USING btree ("scenario","name");--> statement-breakpoint
CREATE INDEX "otp_codes_phone_idx" ON "player"."otp_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_code_hash_key" ON "player"."password_resets" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "players_external_id_key" ON "player"."players" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "players_email_key" ON "player"."players" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "players_phone_key" ON "player"."players" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "players_referral_code_key" ON "player"."players" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "sessions_player_created_idx" ON "player"."sessions" USING btree ("player_id","created_at");