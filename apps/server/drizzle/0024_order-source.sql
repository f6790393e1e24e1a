ALTER TABLE "orders" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source_medium" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source_campaign" text;