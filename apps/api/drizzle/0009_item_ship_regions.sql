DROP INDEX "item_shipping_region_idx";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "ship_regions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "items_ship_regions_idx" ON "items" USING gin ("ship_regions") WHERE "items"."approval_status" = 'approved' and "items"."purchaser_id" is null and "items"."removed_at" is null;