-- sales_daily becomes one row per (business, dimension, day, key) (decision 026). Its sums are
-- dropped here and every (business, day) with orders is marked dirty, so the next refresh
-- rebuilds them from the orders.
DELETE FROM "sales_daily";--> statement-breakpoint
DROP INDEX "orders_business_buyer_idx";--> statement-breakpoint
DROP INDEX "sales_daily_day_idx";--> statement-breakpoint
ALTER TABLE "sales_daily" DROP CONSTRAINT "sales_daily_business_id_day_buyer_kind_fulfillment_mode_state_source_pk";--> statement-breakpoint
ALTER TABLE "sales_daily" DROP COLUMN "buyer_kind";--> statement-breakpoint
ALTER TABLE "sales_daily" DROP COLUMN "fulfillment_mode";--> statement-breakpoint
ALTER TABLE "sales_daily" DROP COLUMN "state";--> statement-breakpoint
ALTER TABLE "sales_daily" DROP COLUMN "source";--> statement-breakpoint
ALTER TABLE "sales_daily" ADD COLUMN "dimension" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_daily" ADD COLUMN "key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_business_id_dimension_day_key_pk" PRIMARY KEY("business_id","dimension","day","key");--> statement-breakpoint
CREATE INDEX "orders_business_buyers_idx" ON "orders" USING btree ("business_id","created_at","buyer_id","status","total_cents","refunded_cents");--> statement-breakpoint
CREATE INDEX "orders_created_buyer_idx" ON "orders" USING btree ("created_at","buyer_id","status");--> statement-breakpoint
CREATE INDEX "orders_business_buyer_idx" ON "orders" USING btree ("business_id","buyer_id","created_at","status");--> statement-breakpoint
CREATE INDEX "sales_daily_day_idx" ON "sales_daily" USING btree ("dimension","day");--> statement-breakpoint
INSERT INTO "insight_dirty_days" ("business_id", "day")
  SELECT DISTINCT "business_id", ("created_at" AT TIME ZONE 'UTC')::date FROM "orders";
