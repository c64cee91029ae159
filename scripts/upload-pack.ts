/**
 * Upload a built pack to KV or R2, for a Worker with PACK_SOURCE = "kv" or "r2".
 *
 *   npm run pack:upload -- kv <pack-dir> [--binding PACK_KV | --namespace-id <id>] [--prefix <p>] [--local] [--run]
 *   npm run pack:upload -- r2 <pack-dir> --bucket <name> [--prefix <p>] [--local] [--run]
 *
 * Checks the pack (every shard's size and SHA-256), then prints the wrangler commands that upload
 * it under `<prefix>/` (default `pack-<buildId>/`), manifest last — or runs them with --run. KV
 * values go through `wrangler kv bulk put` files written under the OS temp folder (never next to the pack, where they would be deployed as assets).
 * Ends with the PACK_PATH to set (see docs/deploying.md, "Packs in KV or R2").
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { planUpload, writeBulkFiles, type UploadTarget } from '../src/cli/upload-pack.ts';

const USAGE = `usage: npm run pack:upload -- kv <pack-dir> [--binding PACK_KV | --namespace-id <id>] [--prefix <p>] [--local] [--run]
       npm run pack:upload -- r2 <pack-dir> --bucket <name> [--prefix <p>] [--local] [--run]`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    binding: { type: 'string' },
    'namespace-id': { type: 'string' },
    bucket: { type: 'string' },
    prefix: { type: 'string' },
    local: { type: 'boolean' },
    run: { type: 'boolean' },
  },
});
const [kind, packDir] = positionals;
const where = values.local ? 'local' : 'remote';
let target: UploadTarget;
if (kind === 'kv' && packDir) {
  target = { kind, where, namespace: values['namespace-id'] ? { id: values['namespace-id'] } : { binding: values.binding ?? 'PACK_KV' } };
} else if (kind === 'r2' && packDir && values.bucket) {
  target = { kind, where, bucket: values.bucket };
} else {
  console.error(USAGE);
  process.exit(2);
}

const plan = await planUpload(packDir, target, values.prefix);
await writeBulkFiles(plan);
const total = plan.files.reduce((n, f) => n + f.bytes, 0);
console.log(`pack ${plan.manifest.buildId}: ${plan.files.length} files, ${(total / 1e6).toFixed(1)} MB, checked; to ${kind} under ${plan.packPath}`);
for (const argv of plan.commands) {
  console.log(`npx ${argv.map((a) => (/^[\w./:@=-]+$/.test(a) ? a : JSON.stringify(a))).join(' ')}`);
  if (values.run) {
    const r = spawnSync('npx', argv, { stdio: 'inherit' });
    if (r.status !== 0) {
      console.error(`failed (exit ${r.status}); the manifest is uploaded last, so the previous pack still serves.`);
      process.exit(1);
    }
  }
}
console.log(`\nThen set, in wrangler.toml [vars]: PACK_SOURCE = "${kind}" and PACK_PATH = "${plan.packPath}" (or that path in INDEXES), and deploy.`);
