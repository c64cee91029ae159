-- Content-gap report: queries the Worker answered with its fallback (confidence.shouldAnswer false).
-- One row per normalised query (src/protocol/query-key.ts normalizeQueryKey); no IP, no user data.
-- Apply with: npx wrangler d1 migrations apply <database_name> --remote   (see docs/deploying.md)
CREATE TABLE IF NOT EXISTS gaps (
  -- The normalised query text (NFKC, lower case, single spaces), at most 256 code points.
  query TEXT PRIMARY KEY NOT NULL,
  -- The query's language as the Worker analysed it, from its latest occurrence.
  lang TEXT NOT NULL DEFAULT '',
  -- How many times it was asked and not answered.
  count INTEGER NOT NULL DEFAULT 1,
  -- ISO 8601 UTC timestamps of its first and latest occurrence.
  first_seen TEXT NOT NULL,
  last_seen TEXT NOT NULL
);

-- GET /admin/gaps lists the most frequent first.
CREATE INDEX IF NOT EXISTS gaps_by_count ON gaps (count DESC, last_seen DESC);
