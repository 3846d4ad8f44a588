ALTER TABLE "products" DROP COLUMN "search_document";--> statement-breakpoint
ALTER TABLE "vendors" DROP COLUMN "search_text";