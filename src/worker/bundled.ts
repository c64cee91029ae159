/**
 * The Worker with its packs inside the script: the default Worker (index.ts), reading packs from
 * the module map `recall-box bundle` writes instead of the static assets. Its cold first search
 * reads no file (`npm run bench`, cold start rows), at the cost of a script as large as the packs:
 * small and medium sites (the Worker size limit: 3 MB compressed on Workers Free, 10 MB on Paid).
 * `wrangler deploy --env bundled` (wrangler.toml runs the bundle step and points the alias).
 */
import bundledPacks from 'recall-box-bundled-pack';
import { createWorker } from './worker.ts';

export type { Env } from './worker.ts';

export default createWorker({ bundledPacks });
