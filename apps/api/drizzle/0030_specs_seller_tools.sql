-- Issue 29: specs on listings (specs + spec_tags with a GIN index over the public rows) and on wants; away mode
-- (users.away_until); price-drop notices (the last drop and when savers were told); offers to savers and their
-- recipients.
CREATE TABLE "saver_offer_recipients" (
	"saver_offer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "saver_offer_recipients_saver_offer_id_user_id_pk" PRIMARY KEY("saver_offer_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "saver_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	"list_price_cents" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"taken_by" uuid,
	"taken_at" timestamp (3) with time zone,
	"offer_id" uuid,
	CONSTRAINT "saver_offers_price_positive" CHECK ("saver_offers"."price_cents" > 0),
	CONSTRAINT "saver_offers_below_list" CHECK ("saver_offers"."price_cents" < "saver_offers"."list_price_cents"),
	CONSTRAINT "saver_offers_taken_together" CHECK (("saver_offers"."taken_by" is null) = ("saver_offers"."taken_at" is null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "away_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "specs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "spec_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "price_dropped_from_cents" integer;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "price_dropped_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "price_drop_notified_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "wants" ADD COLUMN "specs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "saver_offer_recipients" ADD CONSTRAINT "saver_offer_recipients_saver_offer_id_saver_offers_id_fk" FOREIGN KEY ("saver_offer_id") REFERENCES "public"."saver_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saver_offer_recipients" ADD CONSTRAINT "saver_offer_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saver_offers" ADD CONSTRAINT "saver_offers_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saver_offers" ADD CONSTRAINT "saver_offers_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saver_offers" ADD CONSTRAINT "saver_offers_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saver_offers" ADD CONSTRAINT "saver_offers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saver_offer_recipients_user_idx" ON "saver_offer_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saver_offers_item_idx" ON "saver_offers" USING btree ("item_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "items_spec_tags_idx" ON "items" USING gin ("spec_tags") WHERE "items"."approval_status" = 'approved' and "items"."purchaser_id" is null and "items"."removed_at" is null;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_spec_tags_count" CHECK (cardinality("items"."spec_tags") <= 40);--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_price_dropped_positive" CHECK ("items"."price_dropped_from_cents" is null or "items"."price_dropped_from_cents" > 0);