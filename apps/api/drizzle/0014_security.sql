CREATE TABLE "admin_bootstrap_grants" (
	"username" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_bootstrap_grants" ADD CONSTRAINT "admin_bootstrap_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Admins made before grants were recorded: their names count as granted, so ADMIN_USERNAMES cannot grant them again.
INSERT INTO "admin_bootstrap_grants" ("username", "user_id") SELECT lower("username"), "id" FROM "users" WHERE "is_admin" AND "removed_at" IS NULL ON CONFLICT DO NOTHING;--> statement-breakpoint
-- One account per verified number: where several hold one, the first to verify it keeps it.
UPDATE "users" SET "phone" = NULL, "phone_verified_at" = NULL WHERE "phone" IS NOT NULL AND "id" <> (
	SELECT "first"."id" FROM "users" "first" WHERE "first"."phone" = "users"."phone"
	ORDER BY "first"."phone_verified_at" ASC NULLS LAST, "first"."created_at" ASC, "first"."id" ASC LIMIT 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_key" ON "users" USING btree ("phone");
