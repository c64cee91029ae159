/**
 * The baseline for Worker latency: a Hono app that answers /search with a fixed tiny JSON and does
 * no search work. Served by its own `wrangler dev` (bench/wrangler.trivial.toml), it measures what
 * the loopback, wrangler's dev proxy, workerd and Hono cost on their own, so the bench can report
 * recall-box's latency as a ratio to it instead of as absolute numbers from a noisy shared machine.
 */
import { Hono } from 'hono';

/** Same shape as a recall-box answer with no results, so JSON encoding costs about the same. */
const FIXED_ANSWER = { query: '', buildId: 'trivial', lang: 'en', results: [], tookMs: 0 } as const;

const app = new Hono();
app.get('/search', (c) => c.json(FIXED_ANSWER));
app.get('/health', (c) => c.json({ status: 'ok' }));

export default app;
