CREATE TYPE "public"."offer_status" AS ENUM('pending', 'countered', 'accepted', 'expired', 'declined', 'closed', 'paid', 'removed');--> statement-breakpoint
CREATE TYPE "public"."purchase_status" AS ENUM('open', 'capturing', 'capture_pending', 'captured', 'failed', 'abandoned', 'refunded');--> statement-breakpoint
CREATE TABLE "offer_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"transition" text NOT NULL,
	"actor_id" uuid,
	"price_cents" integer,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	"counter_price_cents" integer,
	"shipping_cents" integer NOT NULL,
	"region_code" text NOT NULL,
	"status" "offer_status" DEFAULT 'pending' NOT NULL,
	"time_accepted" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"buyer_acted_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"seller_acted_at" timestamp (3) with time zone,
	CONSTRAINT "offers_price_positive" CHECK ("offers"."price_cents" > 0),
	CONSTRAINT "offers_counter_positive" CHECK ("offers"."counter_price_cents" is null or "offers"."counter_price_cents" > 0),
	CONSTRAINT "offers_shipping_nonnegative" CHECK ("offers"."shipping_cents" >= 0),
	CONSTRAINT "offers_accepted_has_time" CHECK ("offers"."status" <> 'accepted' or "offers"."time_accepted" is not null)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"resource" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"offer_id" uuid,
	"item_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"region_code" text NOT NULL,
	"payee_email" text NOT NULL,
	"provider" text NOT NULL,
	"order_id" text,
	"approve_url" text,
	"status" "purchase_status" DEFAULT 'open' NOT NULL,
	"locked_until" timestamp (3) with time zone NOT NULL,
	"capture_id" text,
	"failure" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"captured_at" timestamp (3) with time zone,
	CONSTRAINT "purchases_amounts" CHECK ("purchases"."item_cents" > 0 and "purchases"."shipping_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "offers_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_events" ADD CONSTRAINT "offer_events_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_events" ADD CONSTRAINT "offer_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_region_code_regions_code_fk" FOREIGN KEY ("region_code") REFERENCES "public"."regions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_region_code_regions_code_fk" FOREIGN KEY ("region_code") REFERENCES "public"."regions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_events_offer_idx" ON "offer_events" USING btree ("offer_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_accepted_per_item" ON "offers" USING btree ("item_id") WHERE "offers"."status" = 'accepted';--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_open_per_buyer" ON "offers" USING btree ("item_id","buyer_id") WHERE "offers"."status" in ('pending', 'countered', 'accepted');--> statement-breakpoint
CREATE INDEX "offers_seller_idx" ON "offers" USING btree ("seller_id","updated_at" DESC NULLS LAST) WHERE "offers"."status" in ('pending', 'countered', 'accepted', 'expired', 'paid');--> statement-breakpoint
CREATE INDEX "offers_buyer_idx" ON "offers" USING btree ("buyer_id","updated_at" DESC NULLS LAST) WHERE "offers"."status" <> 'removed';--> statement-breakpoint
CREATE INDEX "offers_item_idx" ON "offers" USING btree ("item_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_one_open_per_item" ON "purchases" USING btree ("item_id") WHERE "purchases"."status" in ('open', 'capturing', 'capture_pending');--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_one_sale_per_item" ON "purchases" USING btree ("item_id") WHERE "purchases"."status" in ('captured', 'refunded');--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_order_key" ON "purchases" USING btree ("provider","order_id");--> statement-breakpoint
CREATE INDEX "purchases_buyer_idx" ON "purchases" USING btree ("buyer_id","created_at" DESC NULLS LAST);