import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

// Worker tests run inside workerd (the Workers runtime), against packs built from test/fixtures by
// test/support/prepare-site.ts (run first by `npm run test:worker`).
export default defineConfig({
  plugins: [cloudflareTest({ wrangler: { configPath: './test/wrangler.test.toml' } })],
  test: {
    include: ['test/worker/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
