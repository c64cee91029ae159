import { defineConfig } from 'vitest/config';

// The <recall-box> widget, tested in real Chromium (system /usr/bin/chromium, driven by
// playwright-core from Node). Tests run in Node; each browser test file launches one Chromium and
// serves public/ plus a fake /search from a local server. The widget bundle is built once first.
export default defineConfig({
  test: {
    include: ['test/widget/**/*.test.ts', 'test/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/support/widget-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
