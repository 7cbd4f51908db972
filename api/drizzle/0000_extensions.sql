-- Trigram indexes make the leads search (LIKE '%…%' on names and phone digits) use an index at 100,000 rows.
-- pg_trgm is a trusted extension (PostgreSQL 13+), so a database owner may create it; PGlite loads it from its contrib bundle.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
