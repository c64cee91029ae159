import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Worker tests run inside workerd (the Workers runtime), against packs built from test/fixtures by
// test/support/prepare-site.ts (run first by `npm run test:worker`).
export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: './test/wrangler.test.toml' },
      // The D1 migrations (content-gap report), read here in Node and applied by the tests that use
      // GAPS_DB (applyD1Migrations inside workerd).
      miniflare: { bindings: { TEST_MIGRATIONS: await readD1Migrations(fileURLToPath(new URL('./migrations', import.meta.url))) } },
    })),
  ],
  test: {
    include: ['test/worker/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
