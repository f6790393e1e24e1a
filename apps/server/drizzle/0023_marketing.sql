CREATE TYPE "public"."campaign_status" AS ENUM('draft', 'scheduled', 'sending', 'sent', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."consent_source" AS ENUM('follow', 'invitation');--> statement-breakpoint
CREATE TYPE "public"."consent_status" AS ENUM('pending', 'subscribed', 'unsubscribed');--> statement-breakpoint
CREATE TYPE "public"."invitation_kind" AS ENUM('follow', 'club', 'event', 'trade');--> statement-breakpoint
CREATE TYPE "public"."campaign_recipient_status" AS ENUM('pending', 'queued', 'sent', 'refused', 'skipped');--> statement-breakpoint
CREATE TYPE "public"."suppression_reason" AS ENUM('refused', 'complained');--> statement-breakpoint
CREATE TYPE "public"."unsubscribe_method" AS ENUM('one-click', 'footer', 'account');--> statement-breakpoint
CREATE TABLE "campaign_clicks" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"url" text NOT NULL,
	"clicked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"consent_id" integer,
	"user_id" integer,
	"email" text NOT NULL,
	"token" text NOT NULL,
	"status" "campaign_recipient_status" DEFAULT 'pending' NOT NULL,
	"skip_reason" text,
	"queued_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"subject" text NOT NULL,
	"preview" text DEFAULT '' NOT NULL,
	"blocks" jsonb NOT NULL,
	"segment_id" integer,
	"status" "campaign_status" DEFAULT 'draft' NOT NULL,
	"audience_label" text,
	"links" jsonb,
	"recipients_ready_at" timestamp with time zone,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"business_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_business_id_user_id_pk" PRIMARY KEY("business_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"kind" "invitation_kind" NOT NULL,
	"email" text NOT NULL,
	"club_id" integer,
	"event_id" integer,
	"message" text DEFAULT '' NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_suppressions" (
	"email_hash" text NOT NULL,
	"reason" "suppression_reason" NOT NULL,
	"campaign_id" integer,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_suppressions_email_hash_reason_pk" PRIMARY KEY("email_hash","reason")
);
--> statement-breakpoint
CREATE TABLE "marketing_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"status" "consent_status" DEFAULT 'pending' NOT NULL,
	"source" "consent_source" NOT NULL,
	"consent_text" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"requested_ip" text,
	"confirmed_at" timestamp with time zone,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_via" "unsubscribe_method",
	"withdrawn_campaign_id" integer
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wholesale_applications" ADD COLUMN "vouched_by_business_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "category" text DEFAULT 'transactional' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "campaign_recipient_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "campaign_clicks" ADD CONSTRAINT "campaign_clicks_recipient_id_campaign_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."campaign_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_clicks" ADD CONSTRAINT "campaign_clicks_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_consent_id_marketing_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."marketing_consents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_clicks_campaign_idx" ON "campaign_clicks" USING btree ("campaign_id","recipient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_campaign_email_idx" ON "campaign_recipients" USING btree ("campaign_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_token_idx" ON "campaign_recipients" USING btree ("token");--> statement-breakpoint
CREATE INDEX "campaign_recipients_pending_idx" ON "campaign_recipients" USING btree ("campaign_id","id") WHERE "campaign_recipients"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "campaign_recipients_recent_idx" ON "campaign_recipients" USING btree ("business_id","email","queued_at");--> statement-breakpoint
CREATE INDEX "campaigns_business_idx" ON "campaigns" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "campaigns_due_idx" ON "campaigns" USING btree ("scheduled_at") WHERE "campaigns"."status" in ('scheduled', 'sending');--> statement-breakpoint
CREATE INDEX "follows_user_idx" ON "follows" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_idx" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_business_idx" ON "invitations" USING btree ("business_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_consents_business_email_idx" ON "marketing_consents" USING btree ("business_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_consents_token_idx" ON "marketing_consents" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "marketing_consents_user_idx" ON "marketing_consents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "segments_business_idx" ON "segments" USING btree ("business_id");--> statement-breakpoint
ALTER TABLE "wholesale_applications" ADD CONSTRAINT "wholesale_applications_vouched_by_business_id_businesses_id_fk" FOREIGN KEY ("vouched_by_business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_queued_idx" ON "mail_outbox" USING btree ("category","id") WHERE "mail_outbox"."transport" = 'queued';