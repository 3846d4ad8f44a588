-- A search in one statement (issue 43, decision 0175): the stored words close to a query's terms, and
-- a locality's dishes and vendors holding them, ranked, with what a dish's card shows.
--
-- Both functions keep the planner on the trigram and GIN indexes, read as bitmaps, for the length of
-- the call: its cost model counts pg_trgm's similarity and an array's `&&` as cheap per row, so on a
-- few thousand words, or on a word a fifth of the dishes hold, it would read the whole table or the
-- whole primary key instead (decision 0173).

-- The stored words close to each of a query's terms (`searchTerms` of the domain: each term's forms,
-- `forms[i]` a form of term `form_terms[i]`). A word is close to a form when it holds it, or when the
-- form is close to it (pg_trgm's word similarity, `<%`, at its threshold of 0.6: one or two wrong
-- letters); a form shorter than `min_chars` only starts words. Each word's closeness to a term is its
-- best word similarity to any of the term's forms.
CREATE FUNCTION search_close_words(forms text[], form_terms int[], min_chars int)
RETURNS TABLE (word text, term int, closeness float8)
LANGUAGE sql STABLE
SET enable_seqscan = off SET enable_indexscan = off SET enable_indexonlyscan = off
AS $$
  SELECT w.word, f.term, max(word_similarity(f.form, w.word))::float8
  FROM unnest(forms, form_terms) AS f (form, term)
  JOIN search_words w
    ON w.word LIKE (CASE WHEN char_length(f.form) >= min_chars THEN '%' ELSE '' END)
         || replace(replace(replace(f.form, '\', '\\'), '%', '\%'), '_', '\_') || '%'
    OR (char_length(f.form) >= min_chars AND f.form <% w.word)
  GROUP BY w.word, f.term
$$;
--> statement-breakpoint

-- A locality's shown dishes and vendors close to a query, as two JSON arrays:
--  - `found_dishes`: the `dish_limit` most relevant dishes of the vendors of `vendor_order` (the
--    vendors the locality lists, open ones and the better rated first), ranked by relevance, then by
--    their vendor's place there; each with what its card shows.
--  - `found_vendors`: every vendor found by its own text or by a dish, at the better relevance.
-- A text's relevance (0-1) is, for each term, the closeness of its closest word the text holds,
-- summed over the terms and divided by their number (a term the text holds nothing close to counts 0).
CREATE FUNCTION search_locality(
  forms text[], form_terms int[], term_count int, min_chars int,
  locality int, vendor_order int[], dish_limit int)
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
  sought AS (SELECT array_agg(DISTINCT c.word) AS words FROM close c),
  -- Each shown dish holding a close word, with its closest word's closeness to each term it holds:
  -- the dishes of each close word from the words' GIN index, in a visible section of a visible
  -- vendor of the locality.
  held AS (
    SELECT DISTINCT ON (p.id, c.term) p.id, p.vendor_id, p.section_id, c.closeness
    FROM close c
    JOIN products p ON p.search_words @> ARRAY[c.word]
    WHERE p.visible AND p.section_id IN (
      SELECT s.id FROM catalogue_sections s JOIN vendors v ON v.id = s.vendor_id
      WHERE v.locality_id = locality AND v.visible AND s.visible
    )
    ORDER BY p.id, c.term, c.closeness DESC
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
  by_vendor AS (
    SELECT u.vendor_id, max(u.relevance) AS relevance FROM (
      SELECT f.vendor_id, f.relevance FROM found f
      UNION ALL
      SELECT v.id,
        (SELECT sum(best.closeness) FROM (
           SELECT max(c.closeness) AS closeness FROM close c WHERE c.word = ANY (v.search_words) GROUP BY c.term
         ) best) / term_count
      FROM vendors v
      WHERE v.locality_id = locality AND v.visible AND v.search_words && (SELECT words FROM sought)
    ) u
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
