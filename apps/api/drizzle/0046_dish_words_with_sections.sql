-- A dish is also found by its section's name ("pizza" finds the Margherita of a "Pizza" section):
-- its words are made again in that form at the next start (`fillMissingSearchTexts`).
UPDATE "products" SET "search_words" = '{}';
