/**
 * The normalised form of a query that caches and counters key on: two requests a reader would call
 * "the same search" (case, width, extra spaces) share one key.
 */
export function normalizeQueryKey(q: string): string {
  // ASCII is its own NFKC form and lower-cases to ASCII: most queries skip both normalisations,
  // which were a few percent of a warm Worker search's CPU (a workerd CPU profile, ad hoc).
  if (ASCII.test(q)) return q.toLowerCase().replace(/\s+/g, ' ').trim();
  // Normalised again after lower-casing: case mapping can emit combining marks out of canonical
  // order (`İ` + U+0316), and the key must be a fixed point of itself.
  return q.normalize('NFKC').toLowerCase().normalize('NFKC').replace(/\s+/gu, ' ').trim();
}

/** Only code points below U+0080 (the empty string included). */
const ASCII = /^[\u0000-\u007f]*$/;

/** The parts of a search request that decide its answer (SearchRequest's shape, structurally). */
export interface SearchKeyParts {
  q: string;
  limit: number;
  lang: string | null;
  debug?: boolean;
  confidence?: string;
  index?: string;
  lastWordFinished?: boolean;
  exact?: boolean;
  /** Facet name → value (request.ts parses them sorted by name, normalised). */
  filters?: Readonly<Record<string, string>>;
  facets?: boolean;
}

/**
 * One text per distinct answer: the normalised query and every option that changes the answer,
 * NUL-separated (NUL cannot occur in a normalised query's options). The ETag hashes it; the edge
 * cache keys on it in full, where a 32-bit hash's collisions would hand one query another's answer.
 */
export function searchRequestKey(req: SearchKeyParts): string {
  // A finished last word (`deplo `) is read otherwise than one being typed (`deplo`): its own answer.
  const parts: Array<string | number> = [normalizeQueryKey(req.q), req.limit, req.lang ?? '', req.debug ? 'debug' : '', req.confidence ?? '', req.index ?? '', req.lastWordFinished ? 'finished' : '', req.exact ? 'exact' : ''];
  // Only when set, so a request without them keeps the key (and ETag) it always had. Filters as
  // JSON of their sorted entries: a value may hold any character, NUL included, and stays one part.
  const filters = req.filters ? Object.entries(req.filters).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : [];
  if (filters.length > 0 || req.facets) parts.push(req.facets ? 'facets' : '', JSON.stringify(filters));
  return parts.join('\u0000');
}
