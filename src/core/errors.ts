/**
 * Errors with a stable code and a human message. The code is the contract (clients and tests match
 * on it); the message explains and may change.
 *
 * ERROR_CODES is the one table of codes: every code recall-box throws is a key of it, so a new code
 * is added here first, and the type checker then asks for its HTTP status (src/protocol/errors.ts).
 */
export const ERROR_CODES = {
  // A reader's request (/search, /admin/*): the client can fix it.
  QUERY_EMPTY: 'the query is empty or not a string',
  QUERY_TOO_LONG: 'the query is longer than maxQueryLength characters',
  BAD_LIMIT: 'limit is not a whole number in range',
  BAD_CONFIDENCE_MODE: 'confidence is not one of the verdict modes',
  UNKNOWN_LANGUAGE: 'lang is not a language tag, or the index has no pages in it',
  UNKNOWN_INDEX: 'index names no index of this Worker',
  UNKNOWN_FACET: 'a filter names a facet the index does not have',
  BAD_REQUEST: 'the request body is not a JSON object',
  NOT_FOUND: 'no such route',
  METHOD_NOT_ALLOWED: 'the route does not answer this method',
  BODY_TOO_LARGE: 'the request body is over the Worker’s limit',
  UNSUPPORTED_MEDIA_TYPE: 'a POST body that is not JSON',
  UNAUTHORIZED: 'an admin route without a valid token',
  RATE_LIMITED: 'too many requests from one client',
  GAPS_DISABLED: 'the content-gap report is off',
  BAD_EVENT: 'an analytics beacon that is not a click on a result of this index',
  BAD_PERIOD: 'a report period that is not two days in order, at most a year apart',
  ANALYTICS_DISABLED: 'search analytics are off',
  // The deployment: the pack, its model and the Worker's storage. The reader can only retry.
  GAPS_UNAVAILABLE: 'the content-gap database failed',
  ANALYTICS_UNAVAILABLE: 'the analytics database failed',
  INDEX_MISSING: 'no pack where the Worker looks for one',
  INDEX_CORRUPT: 'a pack file is damaged or does not match its manifest',
  INDEX_UNAVAILABLE: 'a pack file could not be read just now',
  INDEX_VERSION_MISMATCH: 'the pack was written by another version of recall-box',
  SECTIONS_NOT_RESIDENT: 'a synchronous search of a lazily read pack needed a section block not in memory',
  KEYWORD_NOT_RESIDENT: 'a synchronous search of a lazily read pack needed a keyword partition not in memory',
  MODEL_MISSING: 'no embedding model where the pack says it is',
  MODEL_CORRUPT: 'the embedding model cannot be loaded',
  MODEL_INCOMPATIBLE: 'the embedding model’s inputs or outputs are not an embedding graph’s',
  MODEL_INVALID: 'the embedding model’s description is malformed',
  MODEL_UNSUPPORTED: 'an embedding model of a kind recall-box does not run',
  MODEL_NEEDS_ONNX_RUNTIME: 'a transformer model, which only the ONNX Worker entry runs',
  EMBED_RUNTIME_UNAVAILABLE: 'ONNX Runtime did not start',
  EMBED_FAILED: 'embedding the query failed',
  INVALID_OPTIONS: 'an options object with a value out of range',
  CALIBRATION_FAILED: 'the confidence calibration could not be fitted or read',
  WIDGET_MISSING: 'the widget bundle recall-box serve hands out was never built',
  // Building a pack (recall-box build, calibrate, the evaluation datasets).
  DOCS_NOT_FOUND: 'the docs folder does not exist',
  DOCS_EMPTY: 'the docs folder holds no page',
  PARSE_FAILED: 'a docs file could not be parsed',
  FRONT_MATTER_INVALID: 'a docs file’s front matter is not valid YAML',
  BINARY_CONTENT: 'a docs file is not text',
  UNREADABLE: 'a docs file could not be read',
  OUTSIDE_DOCS_ROOT: 'a docs file is a symbolic link to a file outside the docs folder',
  UNSAFE_FILE_NAME: 'a docs file’s name would make a URL that points elsewhere',
  NO_CONTENT: 'a docs file has no text to index',
  DUPLICATE_URL: 'two docs files give the same page URL',
  DATASET_NOT_FOUND: 'the dataset folder does not exist',
  DATASET_INVALID: 'a dataset file is malformed',
  // A site's recall-box.config.json and the files init writes (recall-box build, init, deploy).
  CONFIG_INVALID: 'recall-box.config.json is not JSON, has an unknown key or a value of the wrong type',
  CONFIG_MISSING: 'a file the command reads (recall-box.config.json, wrangler.toml) does not exist',
  FILE_EXISTS: 'init would overwrite a file; --force replaces it',
  PACK_TOO_LARGE: 'the packs to bundle into the Worker script are over its size limit on any plan',
  CREDENTIALS_MISSING: 'recall-box deploy found no Cloudflare credentials for wrangler (no API token set, not logged in)',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_CODES;

export class RecallBoxError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(`${code}: ${message}`);
    this.name = 'RecallBoxError';
  }

  /** The message without the code prefix, for JSON bodies that carry the code separately. */
  get detail(): string {
    return this.message.slice(this.code.length + 2);
  }
}

export function isRecallBoxError(e: unknown): e is RecallBoxError {
  return e instanceof RecallBoxError;
}

/**
 * Most characters of a caller's input an error message quotes. 64: enough to recognise what was
 * sent (any language tag or index name fits), while a message never echoes a long value back — a
 * 1,000-character `lang` would otherwise return whole in every error body and log line.
 */
export const MAX_QUOTED_INPUT = 64;

/**
 * A caller's input as an error message quotes it: in double quotes, cut to MAX_QUOTED_INPUT code
 * points (then "…"), control characters and lone surrogates shown as U+FFFD so a message is always
 * one well-formed line.
 */
export function quoteInput(input: string): string {
  const points = [...input.replace(/[\p{Cc}\p{Cs}]/gu, '\uFFFD')];
  const shown = points.length > MAX_QUOTED_INPUT ? `${points.slice(0, MAX_QUOTED_INPUT).join('')}…` : points.join('');
  return `"${shown}"`;
}
