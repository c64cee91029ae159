import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUNDLE_BUDGETS, describeBundle, measureBundle, planLimit } from '../../bench/bundle.ts';

// The deploy budget: each Worker entry, bundled exactly as `wrangler deploy` would
// (`wrangler deploy --dry-run --outdir`: no login, no network), must fit the compressed-size limit
// of the plan it is meant for (bench/bundle.ts, BUNDLE_BUDGETS). Cloudflare's limits, "Worker size"
// after compression: Workers Free 3 MB, Workers Paid 10 MB
// (https://developers.cloudflare.com/workers/platform/limits/#worker-size; wrangler's own refusal
// says "3 MiB", which is the figure used).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('Worker bundle size budget', () => {
  for (const budget of BUNDLE_BUDGETS) {
    it(`${budget.env ? `--env ${budget.env}` : 'the default Worker'} fits ${budget.plan}`, async () => {
      const size = await measureBundle(ROOT, 'wrangler.toml', budget.env);
      console.log(`bundle budget: ${describeBundle(size)}`);
      // A bundle too small to hold the search code means the measurement, not the Worker, is wrong.
      expect(size.gzipBytes).toBeGreaterThan(50 * 1024);
      expect(size.gzipBytes).toBeLessThanOrEqual(planLimit(budget.plan));
    }, 180_000);
  }
});
