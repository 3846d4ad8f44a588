ALTER TABLE "orders" ADD COLUMN "eta" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "first_eta" jsonb;