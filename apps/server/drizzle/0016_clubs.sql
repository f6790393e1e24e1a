CREATE TYPE "public"."club_cadence" AS ENUM('monthly', 'every_2_months', 'every_3_months', 'twice_a_year', 'release_dates');--> statement-breakpoint
CREATE TYPE "public"."club_price_basis" AS ENUM('contents', 'fixed');--> statement-breakpoint
CREATE TYPE "public"."club_status" AS ENUM('draft', 'open', 'closed');--> statement-breakpoint
CREATE TABLE "club_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"club_id" integer NOT NULL,
	"name" text NOT NULL,
	"bottles" integer NOT NULL,
	"price_basis" "club_price_basis" NOT NULL,
	"fixed_price_cents" integer,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_tiers_bottles_positive" CHECK ("club_tiers"."bottles" > 0),
	CONSTRAINT "club_tiers_fixed_price" CHECK (("club_tiers"."price_basis" = 'fixed') = ("club_tiers"."fixed_price_cents" is not null))
);
--> statement-breakpoint
CREATE TABLE "clubs" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_path" text,
	"cadence" "club_cadence" NOT NULL,
	"first_release_on" date,
	"member_discount_bp" integer DEFAULT 0 NOT NULL,
	"notice_days" integer DEFAULT 7 NOT NULL,
	"cutoff_days" integer DEFAULT 2 NOT NULL,
	"skips_per_year" integer DEFAULT 0 NOT NULL,
	"minimum_releases" integer DEFAULT 0 NOT NULL,
	"offers_pickup" boolean DEFAULT true NOT NULL,
	"offers_delivery" boolean DEFAULT false NOT NULL,
	"offers_shipping" boolean DEFAULT false NOT NULL,
	"status" "club_status" DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clubs_discount_range" CHECK ("clubs"."member_discount_bp" between 0 and 5000),
	CONSTRAINT "clubs_cutoff_within_notice" CHECK ("clubs"."cutoff_days" between 1 and "clubs"."notice_days"),
	CONSTRAINT "clubs_schedule_start" CHECK ("clubs"."cadence" = 'release_dates' or "clubs"."first_release_on" is not null)
);
--> statement-breakpoint
ALTER TABLE "club_tiers" ADD CONSTRAINT "club_tiers_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clubs" ADD CONSTRAINT "clubs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "club_tiers_club_name_idx" ON "club_tiers" USING btree ("club_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "clubs_business_slug_idx" ON "clubs" USING btree ("business_id","slug");