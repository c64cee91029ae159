/**
 * A local D1 (miniflare, `--persist-to`) with the repository's migrations applied and analytics rows
 * seeded, offline: `wrangler d1 migrations apply|execute --local`, which need no account or network.
 * What test/e2e/admin.test.ts and bench/analytics-bench.ts start `wrangler dev` on.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { WRANGLER_BIN, wranglerEnv } from './wrangler-dev.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The test toml: its GAPS_DB binding (database recall-box-test-gaps) and migrations_dir. */
export const ANALYTICS_CONFIG = path.join(ROOT, 'test/wrangler.test.toml');
const DATABASE = 'recall-box-test-gaps';
const run = promisify(execFile);

/** A D1 database of a wrangler config: the config's path and the database's `database_name`. */
export interface D1Of {
  config: string;
  database: string;
}

/** The test config's GAPS_DB. */
const TEST_D1: D1Of = { config: ANALYTICS_CONFIG, database: DATABASE };

/** Runs `wrangler d1 <args> <database> --local --persist-to <dir> -c <config>`; its stdout. */
export async function localD1At(d1: D1Of, persistTo: string, ...args: string[]): Promise<string> {
  // CI=1: wrangler asks no confirmation before applying migrations.
  const { stdout } = await run(WRANGLER_BIN, ['d1', ...args, d1.database, '--local', '--persist-to', persistTo, '-c', d1.config], { cwd: ROOT, env: { ...wranglerEnv(), CI: '1' }, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/** localD1At on the test config's GAPS_DB. */
export const localD1 = (persistTo: string, ...args: string[]): Promise<string> => localD1At(TEST_D1, persistTo, ...args);

/**
 * `rows` (day, query) rows over the last 30 days — about rows/30 queries a day, two phrasings of a
 * gap (1 in 11 each, never answered), a third of them clicked, 1 in 9 an agent's — and two page rows.
 */
export function seedSql(rows: number): string {
  return `INSERT INTO analytics_queries (day, query, lang, searches, answers, uncertain, fallbacks, zero_results, agent, clicks, click_rank_sum)
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows - 1})
SELECT date('now', '-' || (i % 30) || ' days'),
  CASE WHEN i % 11 = 0 THEN 'deploying to kubernetes ' || (i / 330) WHEN i % 11 = 1 THEN 'deploy kubernetes ' || (i / 330) ELSE 'route parameters ' || (i / 30) END,
  'en', 2 + (i * 7) % 11, 2 + (i * 7) % 11 - (i % 11 < 2) * 2, 0, (i % 11 < 2) * 2, 0, (i % 9 = 0), i % 3, (i % 3) * (1 + i % 4) FROM n;
INSERT INTO analytics_pages (day, page, shown, clicks) VALUES (date('now'), '/guides/routing/', 40, 12), (date('now', '-1 days'), '/guides/middleware/', 9, 3);`;
}

/** Migrates the database in `persistTo` and seeds `rows` rows. */
export async function seededAnalytics(persistTo: string, rows: number): Promise<void> {
  await localD1(persistTo, 'migrations', 'apply');
  await localD1(persistTo, 'execute', '--command', seedSql(rows));
}

/** Row counts of the analytics tables, and what analytics_size says of them. */
export async function analyticsRowCounts(persistTo: string): Promise<{ queries: number; pages: number; sizeQueries: number; sizePages: number }> {
  const out = await localD1(
    persistTo,
    'execute',
    '--json',
    '--command',
    "SELECT (SELECT count(*) FROM analytics_queries) AS queries, (SELECT count(*) FROM analytics_pages) AS pages, (SELECT rows FROM analytics_size WHERE name = 'queries') AS sizeQueries, (SELECT rows FROM analytics_size WHERE name = 'pages') AS sizePages",
  );
  return (JSON.parse(out) as Array<{ results: Array<{ queries: number; pages: number; sizeQueries: number; sizePages: number }> }>)[0]!.results[0]!;
}
