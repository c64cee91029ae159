-- Content-gap report, bounded (issue 20): a cap on rows and on age, enforced by the Worker in the
-- same D1 batch that records a gap (src/worker/gaps.ts), and times kept to the day.
-- Apply with: npx wrangler d1 migrations apply <database_name> --remote   (see docs/deploying.md)
-- Every statement can run again without harm (IF NOT EXISTS, a recount, an idempotent UPDATE), so
-- the file may also be applied with `wrangler d1 execute <database_name> --remote --file`.

-- 1. Day-granular times. first_seen and last_seen hold the UTC day, YYYY-MM-DD, and nothing finer:
--    rows written before this migration kept the millisecond of a request; keep their day only.
UPDATE gaps SET first_seen = substr(first_seen, 1, 10), last_seen = substr(last_seen, 1, 10)
WHERE length(first_seen) > 10 OR length(last_seen) > 10;

-- 2. Indexes for pruning, so that recording reads a handful of rows, not the table.
-- Rows to drop over the row cap: the fewest occurrences, then the longest unseen, then the
-- earliest recorded (rowid, which every index ends with). Read backwards, the same index lists
-- GET /admin/gaps (count DESC, last_seen DESC), so 0001's gaps_by_count is no longer needed.
CREATE INDEX IF NOT EXISTS gaps_by_usefulness ON gaps (count, last_seen);
DROP INDEX IF EXISTS gaps_by_count;
-- Rows to drop over the age cap: last_seen before a day.
CREATE INDEX IF NOT EXISTS gaps_by_last_seen ON gaps (last_seen);

-- 3. The row count, kept current by triggers so the Worker never counts the table (count(*)
--    reads every row, and D1 bills rows read). One row, id 1.
CREATE TABLE IF NOT EXISTS gaps_size (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  rows INTEGER NOT NULL
);
-- Each trigger is on one line: D1's remote SQL splitter has failed on trigger bodies spread over
-- several lines ("incomplete input"). An upsert that updates a row fires neither.
CREATE TRIGGER IF NOT EXISTS gaps_size_insert AFTER INSERT ON gaps BEGIN UPDATE gaps_size SET rows = rows + 1 WHERE id = 1; END;
CREATE TRIGGER IF NOT EXISTS gaps_size_delete AFTER DELETE ON gaps BEGIN UPDATE gaps_size SET rows = rows - 1 WHERE id = 1; END;
-- Counted after the triggers exist, so a row recorded meanwhile is not missed.
INSERT OR REPLACE INTO gaps_size (id, rows) SELECT 1, count(*) FROM gaps;
