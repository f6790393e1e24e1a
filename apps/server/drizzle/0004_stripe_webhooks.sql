CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "reconciliation_note" text;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD COLUMN "state_event_created" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "stripe_events_received_idx" ON "stripe_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "checkouts_provider_payment_idx" ON "checkouts" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "checkouts_to_reconcile_idx" ON "checkouts" USING btree ("updated_at") WHERE "checkouts"."reconciliation_note" is not null;