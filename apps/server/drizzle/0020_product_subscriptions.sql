ALTER TABLE "clubs" ADD COLUMN "subscription_cadences" "club_cadence"[];--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "cadence" "club_cadence";--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "next_charge_on" date;--> statement-breakpoint
ALTER TABLE "clubs" ADD CONSTRAINT "clubs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clubs_product_idx" ON "clubs" USING btree ("product_id") WHERE "clubs"."product_id" is not null;--> statement-breakpoint
ALTER TABLE "clubs" ADD CONSTRAINT "clubs_subscription_product" CHECK ("clubs"."product_id" is null or "clubs"."subscription_cadences" is not null);--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_subscription_schedule" CHECK (("memberships"."cadence" is null) = ("memberships"."next_charge_on" is null));