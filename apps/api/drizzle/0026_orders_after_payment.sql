CREATE TYPE "public"."order_status" AS ENUM('paid', 'shipped', 'received', 'problem', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."problem_reason" AS ENUM('not_received', 'not_as_described', 'damaged', 'other');--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_problems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"reason" "problem_reason" NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"opened_by" uuid NOT NULL,
	"opened_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp (3) with time zone,
	"resolution" text,
	"resolved_by" uuid,
	CONSTRAINT "order_problems_resolution" CHECK (("order_problems"."resolved_at" is null) = ("order_problems"."resolution" is null))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"item_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"status" "order_status" DEFAULT 'paid' NOT NULL,
	"paid_at" timestamp (3) with time zone NOT NULL,
	"ship_by" timestamp (3) with time zone NOT NULL,
	"ship_to" jsonb,
	"shipped_at" timestamp (3) with time zone,
	"tracking_number" text,
	"tracking_carrier" text,
	"tracking_sync" text,
	"tracking_sync_error" text,
	"received_at" timestamp (3) with time zone,
	"auto_received" boolean DEFAULT false NOT NULL,
	"refunded_at" timestamp (3) with time zone,
	"closed_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_shipped_has_time" CHECK ("orders"."status" <> 'shipped' or "orders"."shipped_at" is not null),
	CONSTRAINT "orders_auto_received_after_shipping" CHECK (not "orders"."auto_received" or "orders"."shipped_at" is not null),
	CONSTRAINT "orders_received_has_time" CHECK ("orders"."status" <> 'received' or "orders"."received_at" is not null),
	CONSTRAINT "orders_closed_when_final" CHECK ("orders"."status" not in ('received', 'refunded') or "orders"."closed_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "timestamp_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"issued_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mailing_address" jsonb;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "timestamp_code" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "timestamp_photo" text;--> statement-breakpoint
ALTER TABLE "local_payment_orders" ADD COLUMN "shipping" jsonb;--> statement-breakpoint
ALTER TABLE "local_payment_orders" ADD COLUMN "trackers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD COLUMN "first_received_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD COLUMN "first_replied_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "notice" jsonb;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_problems" ADD CONSTRAINT "order_problems_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_problems" ADD CONSTRAINT "order_problems_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_problems" ADD CONSTRAINT "order_problems_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_id_purchases_id_fk" FOREIGN KEY ("id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timestamp_codes" ADD CONSTRAINT "timestamp_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_problems_one_open_key" ON "order_problems" USING btree ("order_id") WHERE "order_problems"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "order_problems_open_idx" ON "order_problems" USING btree ("opened_at","id") WHERE "order_problems"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_id","paid_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_seller_idx" ON "orders" USING btree ("seller_id","paid_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_buyer_received_idx" ON "orders" USING btree ("buyer_id") WHERE "orders"."status" = 'received';--> statement-breakpoint
CREATE INDEX "orders_seller_received_idx" ON "orders" USING btree ("seller_id") WHERE "orders"."status" = 'received';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_item_key" ON "orders" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "timestamp_codes_user_idx" ON "timestamp_codes" USING btree ("user_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversation_participants_reply_idx" ON "conversation_participants" USING btree ("user_id","first_received_at") WHERE "conversation_participants"."first_replied_at" is not null;--> statement-breakpoint
-- Sales made before orders existed: each captured purchase becomes an order closed as received at its sale (the
-- parcels went long ago and no one is left to confirm them), each refunded one a refunded order; both with the
-- timeline's first entries. docs/decisions/0286-sales-before-orders.md.
INSERT INTO "orders" ("id", "item_id", "buyer_id", "seller_id", "status", "paid_at", "ship_by", "received_at", "refunded_at", "closed_at", "updated_at")
SELECT p."id", p."item_id", p."buyer_id", p."seller_id",
  CASE WHEN p."status" = 'refunded' THEN 'refunded'::order_status ELSE 'received'::order_status END,
  coalesce(p."captured_at", p."updated_at"), coalesce(p."captured_at", p."updated_at") + interval '72 hours',
  CASE WHEN p."status" = 'captured' THEN coalesce(p."captured_at", p."updated_at") END,
  CASE WHEN p."status" = 'refunded' THEN p."updated_at" END,
  coalesce(p."captured_at", p."updated_at"), now()
FROM "purchases" p WHERE p."status" IN ('captured', 'refunded');
--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "kind", "data", "at")
SELECT o."id", 'paid', '{}'::jsonb, o."paid_at" FROM "orders" o;
--> statement-breakpoint
-- Reply speed from the messages already sent: the other user's first message, when it came before any of this
-- user's, and this user's first message after it.
UPDATE "conversation_participants" cp SET "first_received_at" = f."at"
FROM (
  SELECT m."conversation_id", p."user_id", min(m."created_at") AS "at"
  FROM "messages" m JOIN "conversation_participants" p ON p."conversation_id" = m."conversation_id" AND m."sender_id" <> p."user_id"
  GROUP BY m."conversation_id", p."user_id"
) f
WHERE cp."conversation_id" = f."conversation_id" AND cp."user_id" = f."user_id"
  AND NOT EXISTS (SELECT 1 FROM "messages" mine WHERE mine."conversation_id" = cp."conversation_id" AND mine."sender_id" = cp."user_id" AND mine."created_at" < f."at");
--> statement-breakpoint
UPDATE "conversation_participants" cp SET "first_replied_at" = (
  SELECT min(m."created_at") FROM "messages" m
  WHERE m."conversation_id" = cp."conversation_id" AND m."sender_id" = cp."user_id" AND m."created_at" >= cp."first_received_at"
)
WHERE cp."first_received_at" IS NOT NULL;
