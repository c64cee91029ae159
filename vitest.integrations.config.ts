import { defineConfig } from 'vitest/config';

// The framework integrations (examples/*), tested as their users run them: each test file installs
// its example site's framework from npm, builds it with recall-box's integration, serves the site
// and the Worker on loopback and drives the site's own search in Chromium. Slow (npm installs,
// framework builds), so apart from `npm test`; `.ci/run` runs both.
export default defineConfig({
  test: {
    include: ['test/integrations/**/*.test.ts'],
    environment: 'node',
    // The widget bundles the integrations copy into each site, built from the current source.
    globalSetup: ['test/support/integrations-global-setup.ts'],
    // One file at a time: each runs npm, a framework build and a Worker on a 2-core machine.
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 900_000,
  },
});
