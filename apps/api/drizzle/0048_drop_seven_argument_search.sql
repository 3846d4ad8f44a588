-- Migration 0045's search_locality, seven arguments, kept by migration 0047 for the processes of the
-- release before it during a rolling update. Every process now calls the eight-argument form (0047's,
-- with the section words' weight): the old one goes.
DROP FUNCTION IF EXISTS search_locality(text[], int[], int, int, int, int[], int);
