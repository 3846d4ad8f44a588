ALTER TABLE "products" ADD COLUMN "section_words" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- A word found only in a dish's section's name counts `section_weight` (SECTION_WORD_WEIGHT of the
-- domain) of the same word in its own name (decision 0196): the dishes named by what was typed come
-- first. The function takes the weight as one more argument; otherwise it is migration 0045's. It is
-- an overload: migration 0045's, with seven arguments, stays for the processes of the previous
-- release during a rolling update (docs/deploy.md), and is dropped a release later.
CREATE FUNCTION search_locality(
  forms text[], form_terms int[], term_count int, min_chars int,
  locality int, vendor_order int[], dish_limit int, section_weight float8)
RETURNS TABLE (found_dishes json, found_vendors json)
LANGUAGE plpgsql STABLE
SET enable_seqscan = off SET enable_indexscan = off SET enable_indexonlyscan = off
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH close AS MATERIALIZED (
    SELECT * FROM search_close_words(forms, form_terms, min_chars)
  ),
  -- Each shown dish holding a close word, with its closest word's closeness to each term it holds
  -- (a word only its section's name holds counting `section_weight` of it): the dishes of each close
  -- word from the words' GIN index, in a visible section of a visible vendor of the locality.
  held AS (
    SELECT DISTINCT ON (p.id, c.term) p.id, p.vendor_id, p.section_id,
      c.closeness * (CASE WHEN c.word = ANY (p.section_words) THEN section_weight ELSE 1 END) AS closeness
    FROM close c
    JOIN products p ON p.search_words @> ARRAY[c.word]
    WHERE p.visible AND p.section_id IN (
      SELECT s.id FROM catalogue_sections s JOIN vendors v ON v.id = s.vendor_id
      WHERE v.locality_id = locality AND v.visible AND s.visible
    )
    ORDER BY p.id, c.term,
      c.closeness * (CASE WHEN c.word = ANY (p.section_words) THEN section_weight ELSE 1 END) DESC
  ),
  found AS MATERIALIZED (
    SELECT h.id, h.vendor_id, h.section_id, sum(h.closeness) / term_count AS relevance
    FROM held h
    GROUP BY h.id, h.vendor_id, h.section_id
  ),
  top AS (
    SELECT f.id, f.section_id, f.relevance, array_position(vendor_order, f.vendor_id) AS place
    FROM found f
    WHERE f.vendor_id = ANY (vendor_order)
    ORDER BY f.relevance DESC, place, f.id
    LIMIT dish_limit
  ),
  -- Each vendor of the locality holding a close word in its own text (its name, its categories),
  -- reckoned as the dishes are.
  named AS (
    SELECT n.id AS vendor_id, sum(n.closeness) / term_count AS relevance
    FROM (
      SELECT DISTINCT ON (v.id, c.term) v.id, c.closeness
      FROM close c
      JOIN vendors v ON v.search_words @> ARRAY[c.word]
      WHERE v.locality_id = locality AND v.visible
      ORDER BY v.id, c.term, c.closeness DESC
    ) n
    GROUP BY n.id
  ),
  by_vendor AS (
    SELECT u.vendor_id, max(u.relevance) AS relevance
    FROM (SELECT f.vendor_id, f.relevance FROM found f UNION ALL SELECT * FROM named) u
    GROUP BY u.vendor_id
  )
  SELECT
    (SELECT coalesce(json_agg(json_build_object(
        'id', p.id, 'vendorId', p.vendor_id, 'relevance', t.relevance, 'name', p.name,
        'imageId', p.image_id, 'price', p.price, 'discountPrice', p.discount_price,
        'available', p.available, 'workingHours', s.working_hours
      ) ORDER BY t.relevance DESC, t.place, t.id), '[]'::json)
     FROM top t
     JOIN products p ON p.id = t.id
     JOIN catalogue_sections s ON s.id = t.section_id),
    (SELECT coalesce(json_agg(json_build_object('vendorId', b.vendor_id, 'relevance', b.relevance)), '[]'::json)
     FROM by_vendor b);
END
$$;
--> statement-breakpoint
-- Every dish's words are made again with their section's apart at the next start
-- (`fillMissingSearchTexts`), as migration 0046 did.
UPDATE "products" SET "search_words" = '{}';
