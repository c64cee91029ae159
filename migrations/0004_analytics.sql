-- Search analytics (issue 53): daily aggregates per normalised, redacted query, and per page of the
-- pack shown in the top results or clicked. Written by src/worker/analytics.ts when ANALYTICS = "on",
-- in the same D1 database as the gap report (GAPS_DB). No IP, no user agent, no cookie, no id:
-- a row is a UTC day and a query (or a page) with counts.
-- Apply with: npx wrangler d1 migrations apply <database_name> --remote   (see docs/deploying.md)

CREATE TABLE IF NOT EXISTS analytics_queries (
  -- The UTC day, YYYY-MM-DD.
  day TEXT NOT NULL,
  -- The normalised query (src/protocol/query-key.ts), redacted (src/protocol/gaps.ts redactQuery).
  query TEXT NOT NULL,
  -- The language it was analysed as, last time that day.
  lang TEXT NOT NULL DEFAULT '',
  searches INTEGER NOT NULL DEFAULT 0,
  -- Of them, by the verdict's outcome; and those with no result at all.
  answers INTEGER NOT NULL DEFAULT 0,
  uncertain INTEGER NOT NULL DEFAULT 0,
  fallbacks INTEGER NOT NULL DEFAULT 0,
  zero_results INTEGER NOT NULL DEFAULT 0,
  -- Of them, those an agent asked (the MCP server's search_docs).
  agent INTEGER NOT NULL DEFAULT 0,
  -- Clicks on its results (the widget's beacon), and the sum of the clicked ranks (1-based).
  clicks INTEGER NOT NULL DEFAULT 0,
  click_rank_sum INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, query)
);
-- Rows to drop over the row cap: the fewest searches, then the oldest day (then the lowest rowid).
CREATE INDEX IF NOT EXISTS analytics_queries_by_usefulness ON analytics_queries (searches, day);

CREATE TABLE IF NOT EXISTS analytics_pages (
  day TEXT NOT NULL,
  -- A page of the pack: its URL without anchor.
  page TEXT NOT NULL,
  -- Searches that showed it in their top results (ANALYTICS_DEFAULTS.shownResults), and clicks on it.
  shown INTEGER NOT NULL DEFAULT 0,
  clicks INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, page)
);
CREATE INDEX IF NOT EXISTS analytics_pages_by_usefulness ON analytics_pages (shown, day);

-- Row counts kept by triggers, so a write never counts a table (count(*) reads every row).
CREATE TABLE IF NOT EXISTS analytics_size (
  name TEXT PRIMARY KEY NOT NULL,
  rows INTEGER NOT NULL
);
-- One line each: D1's remote SQL splitter has failed on trigger bodies over several lines.
CREATE TRIGGER IF NOT EXISTS analytics_queries_insert AFTER INSERT ON analytics_queries BEGIN UPDATE analytics_size SET rows = rows + 1 WHERE name = 'queries'; END;
CREATE TRIGGER IF NOT EXISTS analytics_queries_delete AFTER DELETE ON analytics_queries BEGIN UPDATE analytics_size SET rows = rows - 1 WHERE name = 'queries'; END;
CREATE TRIGGER IF NOT EXISTS analytics_pages_insert AFTER INSERT ON analytics_pages BEGIN UPDATE analytics_size SET rows = rows + 1 WHERE name = 'pages'; END;
CREATE TRIGGER IF NOT EXISTS analytics_pages_delete AFTER DELETE ON analytics_pages BEGIN UPDATE analytics_size SET rows = rows - 1 WHERE name = 'pages'; END;
INSERT OR REPLACE INTO analytics_size (name, rows) SELECT 'queries', count(*) FROM analytics_queries;
INSERT OR REPLACE INTO analytics_size (name, rows) SELECT 'pages', count(*) FROM analytics_pages;
