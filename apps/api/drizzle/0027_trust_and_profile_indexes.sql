-- Issue 26, read on every item page and profile: the seller's trust figures and reply speed from indexes alone, and the
-- profile's Items For Sale count from an index of its own (the planner read 85,000 rows of the Ships To index for the
-- busiest seller: 35 ms; now 0.7 ms).
DROP INDEX "conversation_participants_reply_idx";--> statement-breakpoint
CREATE INDEX "items_seller_public_idx" ON "items" USING btree ("seller_id") WHERE "items"."approval_status" = 'approved' and "items"."purchaser_id" is null and "items"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "orders_seller_trust_idx" ON "orders" USING btree ("seller_id","status","shipped_at","ship_by");--> statement-breakpoint
CREATE INDEX "conversation_participants_reply_idx" ON "conversation_participants" USING btree ("user_id","first_received_at","first_replied_at") WHERE "conversation_participants"."first_replied_at" is not null;