/**
 * Searches asked again when the loopback transport, not the search, failed: a peer that loads its
 * index over HTTP (Pagefind's pagefind.js, peers/pagefind.ts) can lose a keep-alive socket the
 * server closes as fetch reuses it, or log a chunk that failed to load and search without it.
 * Applied where such a peer is made, so `npm run eval` and the suite score it alike.
 */
import type { EvalSystem } from '../types.ts';

/** Attempts of one search before a transport error ends the system's run on a collection. */
export const SEARCH_ATTEMPTS = 3;

const TRANSPORT_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'ECONNREFUSED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/**
 * An error of the loopback transport, not of the search: Pagefind's pagefind.js fetches its index
 * chunks and fragments from a local server (peers/pagefind.ts), and a keep-alive socket the server
 * closes just as fetch reuses it fails with ECONNRESET ("fetch failed"). Asking again is sound:
 * pagefind.js forgets a failed load and fetches it anew.
 */
export function isTransportError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof TypeError && error.message === 'fetch failed') return true;
  const code = (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
  return typeof code === 'string' && TRANSPORT_CODES.has(code);
}

/**
 * Loads that pagefind.js reports on console.error instead of failing the search: a failed index
 * chunk is logged ("Failed to load the index chunk …") and the search runs without it, which
 * would silently score a query on part of the index. Watched during each search, so that such a query
 * is asked again.
 */
const LOAD_FAILURE = /^Failed to load the (index chunk|meta index|Pagefind WASM)/;

/** `run`'s result, and whether pagefind.js logged a load failure while it ran. */
async function watchingLoadFailures<T>(run: () => Promise<T>): Promise<{ value: T; loadFailed: boolean }> {
  const original = console.error;
  let loadFailed = false;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && LOAD_FAILURE.test(args[0])) loadFailed = true;
    original.apply(console, args);
  };
  try {
    return { value: await run(), loadFailed };
  } finally {
    console.error = original;
  }
}

/** The system with each search asked again (up to SEARCH_ATTEMPTS) after a transport error or a logged load failure. */
export function withRetries(system: EvalSystem, log: (line: string) => void): EvalSystem {
  return {
    name: system.name,
    peer: system.peer,
    description: system.description,
    index: (docs) => system.index(docs),
    async search(query, k) {
      for (let attempt = 1; ; attempt++) {
        let failure: string;
        try {
          const { value, loadFailed } = await watchingLoadFailures(() => system.search(query, k));
          if (!loadFailed) return value;
          failure = 'part of the index failed to load';
        } catch (error) {
          if (!isTransportError(error)) throw error;
          failure = `${(error as Error).message}${(error as { cause?: { code?: string } }).cause?.code ? ` (${(error as { cause: { code: string } }).cause.code})` : ''}`;
        }
        if (attempt >= SEARCH_ATTEMPTS) throw new Error(`${system.name}: ${JSON.stringify(query)} failed ${attempt} times: ${failure}`);
        log(`  ${system.name}: ${JSON.stringify(query)}: ${failure}; asking again`);
      }
    },
  };
}
