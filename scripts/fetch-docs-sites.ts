/**
 * Fetches the generalization suite's docs sites (src/eval/docs-sites.ts) into the cache: each
 * pinned package's tarball from the npm registry (`npm pack`), unpacked. Sites already fetched are
 * kept; nothing else reads the network.
 *
 *   npm run fetch:sites
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOCS_SITES, docsSiteDir } from '../src/eval/docs-sites.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
for (const site of DOCS_SITES) {
  const docs = docsSiteDir(repo, site);
  if (existsSync(docs)) {
    console.log(`${site.name}: ${site.package}@${site.version} already in the cache`);
    continue;
  }
  const unpacked = path.dirname(docs.slice(0, docs.length - site.root.length - 1));
  const work = mkdtempSync(path.join(os.tmpdir(), 'recall-box-site-'));
  try {
    execFileSync('npm', ['pack', `${site.package}@${site.version}`, '--pack-destination', work, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${site.package}@${site.version} wrote no tarball`);
    execFileSync('tar', ['xzf', path.join(work, tarball), '-C', work]);
    mkdirSync(path.dirname(unpacked), { recursive: true });
    rmSync(unpacked, { recursive: true, force: true });
    mkdirSync(unpacked, { recursive: true });
    renameSync(path.join(work, 'package'), path.join(unpacked, 'package'));
    if (!existsSync(docs)) throw new Error(`${site.package}@${site.version} has no ${site.root}/`);
    console.log(`${site.name}: fetched ${site.package}@${site.version} → ${path.relative(repo, docs)}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
