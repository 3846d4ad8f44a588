ALTER TABLE "products" ADD COLUMN "search_document" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_document_trgm_idx" ON "products" USING gin ("search_document" gin_trgm_ops);--> statement-breakpoint
-- The search text is made anew in the folded form (packages/domain/src/search-text.ts) at the next start.
UPDATE "vendors" SET "search_text" = '';