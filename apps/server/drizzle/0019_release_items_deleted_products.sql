ALTER TABLE "club_release_items" DROP CONSTRAINT "club_release_items_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "club_release_items" ALTER COLUMN "product_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "club_release_items" ADD CONSTRAINT "club_release_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;