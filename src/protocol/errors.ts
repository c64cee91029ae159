import { isRecallBoxError } from '../core/errors.ts';

/** HTTP status for each error code the Worker can answer with. Unlisted codes are server faults. */
const STATUS_BY_CODE: Record<string, number> = {
  QUERY_EMPTY: 400,
  QUERY_TOO_LONG: 400,
  BAD_LIMIT: 400,
  BAD_CONFIDENCE_MODE: 400,
  UNKNOWN_LANGUAGE: 400,
  UNKNOWN_INDEX: 400,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // Abuse limits and the admin route (src/worker/rate-limit.ts, src/worker/gaps.ts).
  UNAUTHORIZED: 401,
  GAPS_DISABLED: 404,
  RATE_LIMITED: 429,
  GAPS_UNAVAILABLE: 503,
  INDEX_MISSING: 503,
  INDEX_CORRUPT: 503,
  INDEX_UNAVAILABLE: 503,
  INDEX_VERSION_MISMATCH: 503,
  // The semantic route's model: a missing or broken model is a deployment problem, like the index.
  MODEL_MISSING: 503,
  MODEL_CORRUPT: 503,
  MODEL_INCOMPATIBLE: 503,
  EMBED_RUNTIME_UNAVAILABLE: 503,
};

export interface ErrorBody {
  error: { code: string; message: string };
}

/**
 * Turn anything thrown into a status and a JSON body. An error we did not anticipate becomes a
 * generic INTERNAL without its message or stack: those can leak paths and internals to the world.
 */
export function toErrorResponse(e: unknown): { status: number; body: ErrorBody } {
  if (isRecallBoxError(e)) {
    return { status: STATUS_BY_CODE[e.code] ?? 500, body: { error: { code: e.code, message: e.detail } } };
  }
  return { status: 500, body: { error: { code: 'INTERNAL', message: 'the search service failed; please try again.' } } };
}
