import { describe } from 'vitest';
import { memoryAnalyticsStore } from '../../src/server/memory-analytics.ts';
import { analyticsStoreSuite } from '../support/analytics-store-suite.ts';

// The store `recall-box serve` keeps analytics in, against the suite the D1 store passes too.
describe('memoryAnalyticsStore', () => {
  analyticsStoreSuite(async (policy) => memoryAnalyticsStore(policy));
});
