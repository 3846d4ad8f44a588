ALTER TABLE "products" ADD COLUMN "allergens" text[];--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "spicy_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "products" SET "spicy_level" = 1 WHERE 'SPICY' = ANY("tags");
