/**
 * The Worker with its packs inside the script, the repository's default entry (wrangler.toml runs
 * `recall-box bundle` and points the alias at its map): the default Worker (index.ts), reading a
 * pack the map holds from the script, any other from PACK_SOURCE. Its cold first search reads no
 * file (`npm run bench`, cold start rows), at the cost of a script as large as the pack: small and
 * medium sites (the Worker size limit: 3 MB compressed on Workers Free, 10 MB on Paid). An empty
 * map (a pack too large, or none) makes it the default Worker exactly.
 */
import bundledPacks from 'recall-box-bundled-pack';
import { createWorker } from './worker.ts';

export type { Env } from './worker.ts';

export default createWorker({ bundledPacks });
