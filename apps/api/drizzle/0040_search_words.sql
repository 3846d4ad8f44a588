CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_document_trgm_idx";--> statement-breakpoint
DROP INDEX "vendors_search_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_words" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "search_words" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_words_idx" ON "products" USING gin ("search_words");--> statement-breakpoint
CREATE INDEX "vendors_search_words_idx" ON "vendors" USING gin ("search_words");--> statement-breakpoint
-- The dishes' words are kept; the vendors' are made again at the next start without their dishes'
-- names (a vendor is now found by its dishes through theirs), adding their words to the vocabulary.
UPDATE "products" SET "search_words" = string_to_array("search_document", ' ') WHERE "search_document" <> '';--> statement-breakpoint
INSERT INTO "search_words" ("word") SELECT DISTINCT unnest("search_words") FROM "products";
