import { defineConfig } from 'vitest/config';

// Pure core and build code, run in Node. Worker tests (workerd) and browser tests (Chromium) have
// their own configs because they run in other runtimes.
export default defineConfig({
  test: {
    // test/deploy: the bundle-size budget (wrangler deploy --dry-run, ~10 s).
    include: [
      'test/*.test.ts',
      'test/core/**/*.test.ts',
      'test/protocol/**/*.test.ts',
      'test/indexer/**/*.test.ts',
      'test/cli/**/*.test.ts',
      'test/datasets/**/*.test.ts',
      'test/eval/**/*.test.ts',
      'test/deploy/**/*.test.ts',
      'test/preview/**/*.test.ts',
      'test/server/**/*.test.ts',
      'test/mcp/**/*.test.ts',
      'test/admin/**/*.test.ts',
    ],
    // Two at once on the 2-core machines: many files wait on child processes (wrangler, builds),
    // so the second worker fills the gaps: 403 s → 271 s for this suite (`CI=true npx vitest run
    // --config vitest.unit.config.ts --maxWorkers 1`, then 2). The timeout is a hang bound, doubled
    // for the sharing: the longest single test took 22 s with two running.
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
