CREATE TYPE "public"."payment_method" AS ENUM('card', 'invoice');--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "wholesale_invoice_terms_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" "payment_method" DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_terms_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_due_on" date;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_invoice_terms_days" CHECK ("businesses"."wholesale_invoice_terms_days" in (15, 30, 45, 60));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_terms" CHECK (("orders"."payment_method" = 'invoice') = ("orders"."invoice_due_on" is not null and "orders"."invoice_terms_days" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_not_paid_out" CHECK ("orders"."payment_method" = 'card' or "orders"."payout_status" = 'not_due');