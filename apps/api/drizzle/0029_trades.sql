-- Issue 28: trades, item for item with cash either way. trades / trade_items / trade_events; items open to trades
-- (open_to_trades, looking_for) and held by an accepted trade (trade_id, then traded_at); a trade's cash payment is
-- a purchase with trade_id; each side an order with trade_id (so an order's id no longer names a purchase). A trade's
-- two orders count once per side on the trust panel, as its completed trade: the received-order indexes leave them out.
CREATE TYPE "public"."trade_status" AS ENUM('pending', 'countered', 'accepted', 'declined', 'cancelled', 'completed');--> statement-breakpoint
CREATE TABLE "trade_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trade_id" uuid NOT NULL,
	"transition" text NOT NULL,
	"actor_id" uuid,
	"cash_to_seller_cents" integer,
	"cash_to_buyer_cents" integer,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_items" (
	"trade_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "trade_items_trade_id_item_id_pk" PRIMARY KEY("trade_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"proposer_id" uuid NOT NULL,
	"cash_to_seller_cents" integer DEFAULT 0 NOT NULL,
	"cash_to_buyer_cents" integer DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" "trade_status" DEFAULT 'pending' NOT NULL,
	"accepted_at" timestamp (3) with time zone,
	"settled_at" timestamp (3) with time zone,
	"completed_at" timestamp (3) with time zone,
	"closed_reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"proposer_acted_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"seller_acted_at" timestamp (3) with time zone,
	CONSTRAINT "trades_cash_nonnegative" CHECK ("trades"."cash_to_seller_cents" >= 0 and "trades"."cash_to_buyer_cents" >= 0),
	CONSTRAINT "trades_cash_one_way" CHECK ("trades"."cash_to_seller_cents" = 0 or "trades"."cash_to_buyer_cents" = 0),
	CONSTRAINT "trades_not_own" CHECK ("trades"."seller_id" <> "trades"."proposer_id"),
	CONSTRAINT "trades_accepted_has_time" CHECK ("trades"."status" not in ('accepted', 'completed') or "trades"."accepted_at" is not null),
	CONSTRAINT "trades_completed_settled" CHECK ("trades"."status" <> 'completed' or ("trades"."settled_at" is not null and "trades"."completed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_id_purchases_id_fk";
--> statement-breakpoint
DROP INDEX "orders_buyer_received_idx";--> statement-breakpoint
DROP INDEX "orders_seller_received_idx";--> statement-breakpoint
DROP INDEX "orders_seller_trust_idx";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "id" SET DEFAULT gen_random_uuid();--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trades_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "open_to_trades" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "looking_for" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "trade_id" uuid;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "traded_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "trade_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "trade_id" uuid;--> statement-breakpoint
ALTER TABLE "trade_events" ADD CONSTRAINT "trade_events_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_events" ADD CONSTRAINT "trade_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_items" ADD CONSTRAINT "trade_items_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_items" ADD CONSTRAINT "trade_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_proposer_id_users_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_events_trade_idx" ON "trade_events" USING btree ("trade_id","at");--> statement-breakpoint
CREATE INDEX "trade_items_item_idx" ON "trade_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "trades_seller_idx" ON "trades" USING btree ("seller_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trades_proposer_idx" ON "trades" USING btree ("proposer_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trades_item_idx" ON "trades" USING btree ("item_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "trades_one_open_per_proposer" ON "trades" USING btree ("item_id","proposer_id") WHERE "trades"."status" in ('pending', 'countered', 'accepted');--> statement-breakpoint
CREATE INDEX "trades_seller_new_idx" ON "trades" USING btree ("seller_id","proposer_acted_at") WHERE "trades"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "trades_proposer_new_idx" ON "trades" USING btree ("proposer_id","seller_acted_at") WHERE "trades"."seller_acted_at" is not null;--> statement-breakpoint
CREATE INDEX "trades_seller_completed_idx" ON "trades" USING btree ("seller_id") WHERE "trades"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "trades_proposer_completed_idx" ON "trades" USING btree ("proposer_id") WHERE "trades"."status" = 'completed';--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "items_trades_feed_idx" ON "items" USING btree ("time_listed" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "items"."approval_status" = 'approved' and "items"."purchaser_id" is null and "items"."removed_at" is null and "items"."open_to_trades";--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_one_per_trade" ON "purchases" USING btree ("trade_id") WHERE "purchases"."trade_id" is not null and "purchases"."status" in ('open', 'capturing', 'capture_pending', 'captured', 'refunded');--> statement-breakpoint
CREATE INDEX "orders_trade_idx" ON "orders" USING btree ("trade_id") WHERE "orders"."trade_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_buyer_received_idx" ON "orders" USING btree ("buyer_id") WHERE "orders"."status" = 'received' and "orders"."trade_id" is null;--> statement-breakpoint
CREATE INDEX "orders_seller_received_idx" ON "orders" USING btree ("seller_id") WHERE "orders"."status" = 'received' and "orders"."trade_id" is null;--> statement-breakpoint
CREATE INDEX "orders_seller_trust_idx" ON "orders" USING btree ("seller_id","status","shipped_at","ship_by","trade_id");--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_sale_or_trade" CHECK ("items"."purchaser_id" is null or "items"."trade_id" is null or "items"."traded_at" is not null);--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_traded_has_trade" CHECK ("items"."traded_at" is null or ("items"."trade_id" is not null and "items"."purchaser_id" is not null));--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_looking_for_length" CHECK (char_length("items"."looking_for") <= 300);