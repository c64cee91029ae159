/**
 * Error codes → HTTP statuses, and anything thrown → the JSON error body a client gets.
 */
import { isRecallBoxError, type ErrorCode } from '../core/index.ts';

/** A reader asked something the Worker will not answer as asked. */
const BAD_REQUEST = 400;
/** The deployment (pack, model, storage) cannot answer now: the reader can only retry later. */
const UNAVAILABLE = 503;

/**
 * The HTTP status of every code: a Record over ErrorCode, so adding a code to ERROR_CODES without
 * a status here fails the type check. No code maps to 500: a code is an error recall-box expected,
 * and 500 is kept for the unexpected (INTERNAL). Codes thrown only while building a pack would
 * mean a broken deployment if a Worker ever met one, so they are 503 like a broken pack.
 */
export const HTTP_STATUS: Readonly<Record<ErrorCode, number>> = Object.freeze({
  QUERY_EMPTY: BAD_REQUEST,
  QUERY_TOO_LONG: BAD_REQUEST,
  BAD_LIMIT: BAD_REQUEST,
  BAD_CONFIDENCE_MODE: BAD_REQUEST,
  UNKNOWN_LANGUAGE: BAD_REQUEST,
  UNKNOWN_INDEX: BAD_REQUEST,
  UNKNOWN_FACET: BAD_REQUEST,
  BAD_REQUEST: BAD_REQUEST,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  GAPS_DISABLED: 404,
  ANALYTICS_DISABLED: 404,
  BAD_EVENT: BAD_REQUEST,
  BAD_PERIOD: BAD_REQUEST,
  METHOD_NOT_ALLOWED: 405,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  GAPS_UNAVAILABLE: UNAVAILABLE,
  ANALYTICS_UNAVAILABLE: UNAVAILABLE,
  INDEX_MISSING: UNAVAILABLE,
  INDEX_CORRUPT: UNAVAILABLE,
  INDEX_UNAVAILABLE: UNAVAILABLE,
  INDEX_VERSION_MISMATCH: UNAVAILABLE,
  SECTIONS_NOT_RESIDENT: UNAVAILABLE,
  KEYWORD_NOT_RESIDENT: UNAVAILABLE,
  MODEL_MISSING: UNAVAILABLE,
  MODEL_CORRUPT: UNAVAILABLE,
  MODEL_INCOMPATIBLE: UNAVAILABLE,
  MODEL_INVALID: UNAVAILABLE,
  MODEL_UNSUPPORTED: UNAVAILABLE,
  MODEL_NEEDS_ONNX_RUNTIME: UNAVAILABLE,
  EMBED_RUNTIME_UNAVAILABLE: UNAVAILABLE,
  EMBED_FAILED: UNAVAILABLE,
  INVALID_OPTIONS: UNAVAILABLE,
  CALIBRATION_FAILED: UNAVAILABLE,
  WIDGET_MISSING: UNAVAILABLE,
  DOCS_NOT_FOUND: UNAVAILABLE,
  DOCS_EMPTY: UNAVAILABLE,
  PARSE_FAILED: UNAVAILABLE,
  FRONT_MATTER_INVALID: UNAVAILABLE,
  BINARY_CONTENT: UNAVAILABLE,
  UNREADABLE: UNAVAILABLE,
  OUTSIDE_DOCS_ROOT: UNAVAILABLE,
  UNSAFE_FILE_NAME: UNAVAILABLE,
  NO_CONTENT: UNAVAILABLE,
  DUPLICATE_URL: UNAVAILABLE,
  DATASET_NOT_FOUND: UNAVAILABLE,
  DATASET_INVALID: UNAVAILABLE,
  CONFIG_INVALID: UNAVAILABLE,
  CONFIG_MISSING: UNAVAILABLE,
  FILE_EXISTS: UNAVAILABLE,
  PACK_TOO_LARGE: UNAVAILABLE,
  CREDENTIALS_MISSING: UNAVAILABLE,
});

/** The code of an unexpected failure: the one answer with status 500. */
export const INTERNAL_ERROR_CODE = 'INTERNAL';

/** Every code a client can see in an error body. */
export type ResponseErrorCode = ErrorCode | typeof INTERNAL_ERROR_CODE;

export interface ErrorBody {
  /** `requestId`: on an INTERNAL answer only, the id the Worker's log line of the failure carries. */
  error: { code: ResponseErrorCode; message: string; requestId?: string };
}

/** The body of an error answer the Worker writes itself (rate limit, admin token), with the code's status. */
export function errorResponse(code: ErrorCode, message: string): { status: number; body: ErrorBody } {
  return { status: HTTP_STATUS[code], body: { error: { code, message } } };
}

/**
 * Turn anything thrown into a status and a JSON body. An error we did not anticipate becomes a
 * generic INTERNAL without its message or stack: those can leak paths and internals to the world.
 * `requestId`: the id under which the caller logged it (the Worker does), so an owner can find the
 * log line a reader reports.
 */
export function toErrorResponse(e: unknown, requestId?: string): { status: number; body: ErrorBody } {
  if (isRecallBoxError(e)) return errorResponse(e.code, e.detail);
  const error = { code: INTERNAL_ERROR_CODE, message: 'the search service failed; please try again.' } as const;
  return { status: 500, body: { error: requestId === undefined ? error : { ...error, requestId } } };
}
