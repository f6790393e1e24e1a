CREATE TABLE "offline_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"payment_method_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"payment_id" text NOT NULL,
	"charge_id" text,
	"decline_code" text,
	"decline_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offline_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"charge_decline_code" text,
	"charge_decline_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offline_payment_methods_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "offline_charges" ADD CONSTRAINT "offline_charges_payment_method_id_offline_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."offline_payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offline_charges_payment_method_idx" ON "offline_charges" USING btree ("payment_method_id");