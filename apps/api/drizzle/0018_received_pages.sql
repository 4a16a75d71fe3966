-- Received offers page by item (each item's latest activity read from one index range), and the seller's new-offers count reads only pending offers newer than the last visit. The new index is built before the old one goes.
CREATE INDEX "offers_seller_items_idx" ON "offers" USING btree ("seller_id","item_id","updated_at" DESC NULLS LAST) WHERE "offers"."status" in ('pending', 'countered', 'accepted', 'expired', 'paid');--> statement-breakpoint
CREATE INDEX "offers_seller_new_idx" ON "offers" USING btree ("seller_id","buyer_acted_at") WHERE "offers"."status" = 'pending';--> statement-breakpoint
DROP INDEX "offers_seller_idx";
