import { applyD1Migrations, type D1Migration } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe } from 'vitest';
import type { D1Like } from '../../src/worker/gaps.ts';
import { d1AnalyticsStore } from '../../src/worker/analytics.ts';
import { analyticsStoreSuite } from '../support/analytics-store-suite.ts';

// The Worker's analytics store on D1 (inside workerd), against the suite the memory store passes too.
const testEnv = env as unknown as { GAPS_DB: D1Like; TEST_MIGRATIONS: D1Migration[] };
const db = testEnv.GAPS_DB;

beforeAll(async () => {
  await applyD1Migrations(db, testEnv.TEST_MIGRATIONS);
});

describe('d1AnalyticsStore', () => {
  analyticsStoreSuite(async (policy) => {
    await db.batch([db.prepare('DELETE FROM analytics_queries'), db.prepare('DELETE FROM analytics_pages')]);
    return d1AnalyticsStore(db, policy);
  });
});
