ALTER TABLE "conversation_participants" ADD COLUMN "mail_window" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_warning" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "warning" jsonb;