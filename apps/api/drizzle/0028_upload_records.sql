-- Issue 27: uploads not yet known to be in use (listing photos, avatars, blog images), recorded before they are stored,
-- so the upload-orphan job can delete what nothing uses after 24 hours, half-finished uploads included.
CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"uploader_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_created_at_idx" ON "uploads" USING btree ("created_at");