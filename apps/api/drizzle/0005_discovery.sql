DROP INDEX "items_seller_idx";--> statement-breakpoint
ALTER TABLE "item_saves" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "item_saves" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "items" ALTER COLUMN "time_listed" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "items" ALTER COLUMN "time_listed" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce(description, '')), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "item_saves_user_created_idx" ON "item_saves" USING btree ("user_id","created_at" DESC NULLS LAST,"item_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "item_shipping_region_idx" ON "item_shipping" USING btree ("region_code","item_id");--> statement-breakpoint
CREATE INDEX "items_category_feed_idx" ON "items" USING btree ("category_id","time_listed" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "items"."approval_status" = 'approved' and "items"."purchaser_id" is null and "items"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "items_price_idx" ON "items" USING btree ("price_cents","id") WHERE "items"."approval_status" = 'approved' and "items"."purchaser_id" is null and "items"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "items_rate_idx" ON "items" USING btree ("save_count" DESC NULLS LAST,"time_listed" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "items"."approval_status" = 'approved' and "items"."purchaser_id" is null and "items"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "items_search_idx" ON "items" USING gin ("search") WHERE "items"."approval_status" = 'approved' and "items"."purchaser_id" is null and "items"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "items_name_trgm_idx" ON "items" USING gin (lower("name") gin_trgm_ops) WHERE "items"."approval_status" = 'approved' and "items"."purchaser_id" is null and "items"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "items_purchaser_idx" ON "items" USING btree ("purchaser_id","time_listed" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "items"."purchaser_id" is not null;--> statement-breakpoint
CREATE INDEX "items_seller_idx" ON "items" USING btree ("seller_id","time_listed" DESC NULLS LAST,"id" DESC NULLS LAST);