ALTER TABLE "outbox_messages" ADD COLUMN "provider_id" text;--> statement-breakpoint
CREATE INDEX "outbox_messages_provider_idx" ON "outbox_messages" USING btree ("provider_id");