ALTER TABLE "outbox_messages" ADD COLUMN "sender" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "mime" text;