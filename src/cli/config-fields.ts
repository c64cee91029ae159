/**
 * The fields of `recall-box.config.json`, defined once: the validator (config-validate.ts), the
 * published JSON Schema (config-schema.ts → recall-box.config.schema.json) and the TypeScript type
 * of a valid config (RecallBoxConfig below) are all derived from this table, so a field cannot be
 * accepted by one and unknown to another.
 *
 * Each description says what the field means, its range and its default, because it is what an
 * editor shows while completing the file.
 */
import { CONFIDENCE_MODES, FACET_NAME, MAX_FACETS, MAX_SHARD_BYTES, PACK_READ_MODES } from '../core/index.ts';

/** What a field holds. `texts`: one text, or an object of texts by language tag (FALLBACK_MESSAGE's shape). */
export type FieldKind =
  | { readonly type: 'string'; readonly enum?: readonly string[]; readonly pattern?: string }
  | { readonly type: 'boolean' }
  | { readonly type: 'integer'; readonly minimum: number; readonly maximum?: number }
  | { readonly type: 'stringList'; readonly pattern?: string; readonly maxItems?: number }
  | { readonly type: 'texts' }
  | { readonly type: 'poolRules' }
  | { readonly type: 'object'; readonly fields: FieldTable };

export interface FieldSpec {
  readonly kind: FieldKind;
  readonly description: string;
  /**
   * For a Worker setting: the `[vars]` name in wrangler.toml it becomes (src/worker/config.ts reads
   * it). Absent for settings that are not a var (the Worker's name, its assets folder).
   */
  readonly workerVar?: string;
}

export type FieldTable = { readonly [name: string]: FieldSpec };

/** The Worker's settings that belong to a site; every var is read by src/worker/config.ts. */
export const WORKER_FIELDS = {
  name: {
    kind: { type: 'string', pattern: '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$' },
    description:
      'Name of the site\'s Worker (wrangler.toml `name`): lower-case letters, digits and `-`, at most 63 characters. Default (recall-box init): the current folder\'s name made into one.',
  },
  assets: {
    kind: { type: 'string' },
    description:
      'Folder the Worker serves as its static assets (wrangler.toml `[assets] directory`), relative to this file. Default: the `html` folder for a built site, else `public`. The pack and the widget bundle must be inside it to be served.',
  },
  bundle: {
    kind: { type: 'string', enum: ['auto', 'on', 'off'] },
    description:
      'Whether `recall-box deploy` puts the pack inside the Worker script, where a cold Worker reads it without a file read: `auto` when it fits the Workers Free plan\'s 3 MB script beside the code (else it stays in the static assets), `on` up to the Paid plan\'s 10 MB (PACK_TOO_LARGE over it), `off` never. Default `auto`. Only a pack among the Worker\'s assets is bundled.',
  },
  packPath: {
    kind: { type: 'string' },
    workerVar: 'PACK_PATH',
    description:
      'URL path the pack is served at, inside the static assets (PACK_PATH). Default: where `out` lies among the assets (`/_recall-box/pack/` for a built site, `/pack/` for a docs folder). The widget bundle is served from the folder above it (`/_recall-box/recall-box.js`, `/recall-box.js`).',
  },
  allowedOrigins: {
    kind: { type: 'stringList' },
    workerVar: 'ALLOWED_ORIGINS',
    description:
      'Origins allowed to call /search from a browser, such as `https://docs.example.com`; `*` allows any (ALLOWED_ORIGINS). Default `["*"]`. Not needed when the Worker serves the site itself.',
  },
  cacheMaxAge: {
    kind: { type: 'integer', minimum: 0, maximum: 31536000 },
    workerVar: 'CACHE_MAX_AGE',
    description: 'Seconds a browser or HTTP cache may reuse a /search answer before revalidating it with its ETag (CACHE_MAX_AGE), 0 to 31536000 (a year). Default 300; 0 also turns the edge answer cache off.',
  },
  pools: {
    kind: { type: 'boolean' },
    workerVar: 'POOLS',
    description: 'Recall-pool quotas on (POOLS). Default false: measured to cost known-item lookups; a site whose listings crowd its guides out can turn them on.',
  },
  graphBoost: {
    kind: { type: 'boolean' },
    workerVar: 'GRAPH_BOOST',
    description: 'The link-graph boost on (GRAPH_BOOST): pages the top 3 results link with rise among near-ties. Default false: measured to lift related pages over the page asked for on a small site.',
  },
  rerank: {
    kind: { type: 'boolean' },
    workerVar: 'RERANK',
    description: 'The learned reranking of the best 30 candidates (RERANK), on docs whose pages have sections. Default true: held out on seven docs sites it raised readers\' questions on every one.',
  },
  expansion: {
    kind: { type: 'boolean' },
    workerVar: 'EXPANSION',
    description: 'Match a reader\'s unfinished last word by its completions and misspelt words by their corrections (EXPANSION). Default true.',
  },
  confidenceMode: {
    kind: { type: 'string', enum: CONFIDENCE_MODES },
    workerVar: 'CONFIDENCE_MODE',
    description: 'How sure the Worker must be before it answers rather than shows the results as uncertain or falls back (CONFIDENCE_MODE): `strict` or `relaxed`. Default `strict`.',
  },
  fallbackMessage: {
    kind: { type: 'texts' },
    workerVar: 'FALLBACK_MESSAGE',
    description: 'Message shown when the docs may not answer (FALLBACK_MESSAGE): one text for every language, or an object of texts by language tag (`{"en": "…", "*": "…"}`). Default: recall-box\'s own, in 5 languages.',
  },
  fallbackLink: {
    kind: { type: 'string', pattern: '^(https?://\\S+|/(?!/)\\S*)$' },
    workerVar: 'FALLBACK_LINK',
    description: 'A contact or issue link shown under the fallback (FALLBACK_LINK): an http(s) URL or a /path on the site. Default none.',
  },
  fallbackLinkText: {
    kind: { type: 'texts' },
    workerVar: 'FALLBACK_LINK_TEXT',
    description: 'The fallback link\'s text (FALLBACK_LINK_TEXT): one text, or an object of texts by language tag. Default `Ask us`, translated.',
  },
  edgeCache: {
    kind: { type: 'boolean' },
    workerVar: 'EDGE_CACHE',
    description: 'Answer repeated queries from the data centre\'s cache (EDGE_CACHE). Default true.',
  },
  packRead: {
    kind: { type: 'string', enum: PACK_READ_MODES },
    workerVar: 'PACK_READ',
    description: 'How section blocks and keyword partitions are read (PACK_READ): `auto`, `lazy` or `whole`. Default `auto`.',
  },
  packReadTimeoutMs: {
    kind: { type: 'integer', minimum: 50, maximum: 60_000 },
    workerVar: 'PACK_READ_TIMEOUT_MS',
    description: 'Longest one try of one pack read, in ms, 50 to 60000 (PACK_READ_TIMEOUT_MS). Default 4000.',
  },
  maxBodyBytes: {
    kind: { type: 'integer', minimum: 512, maximum: 1048576 },
    workerVar: 'MAX_BODY_BYTES',
    description: 'Largest POST /search body accepted, in bytes, 512 to 1048576 (MAX_BODY_BYTES). Default 8192.',
  },
} as const satisfies FieldTable;

/** Every field of the file: the build's options, then the Worker's. */
export const CONFIG_FIELDS = {
  source: {
    kind: { type: 'string' },
    description: 'Folder of Markdown, MDX and HTML docs to index, relative to this file (`recall-box build <docs-dir>`). Give this or `html`, not both.',
  },
  html: {
    kind: { type: 'string' },
    description: 'A built static site\'s folder (`dist`, `build`) to index as the reader sees it, relative to this file (`--html`). Give this or `source`, not both.',
  },
  out: {
    kind: { type: 'string' },
    description: 'Folder to write the pack to, relative to this file (`--out`; replaced atomically). Default `<html>/_recall-box/pack` for a built site, else `public/pack`.',
  },
  baseUrl: {
    kind: { type: 'string' },
    description: 'URL path the docs are served under, such as `/docs/` (`--base-url`); a path, not a full URL. Default `/`.',
  },
  headingDepth: {
    kind: { type: 'integer', minimum: 1, maximum: 6 },
    description: 'Deepest heading level, 1–6, that starts its own section (`--heading-depth`). Default 3.',
  },
  defaultLang: {
    kind: { type: 'string' },
    description: 'Language of pages whose path and front matter name none, a language tag such as `en` or `pt-br` (`--default-lang`). Default `en`.',
  },
  facets: {
    kind: { type: 'stringList', pattern: FACET_NAME.source, maxItems: MAX_FACETS },
    description: `Front matter fields searches can be filtered and counted by (\`--facet\`), at most ${MAX_FACETS}; \`pool\` and \`lang\` are built in. Default none.`,
  },
  followExternalSymlinks: {
    kind: { type: 'boolean' },
    description:
      'Index doc files that are symbolic links to files outside the docs (or built site) folder (`--follow-external-symlinks`). Default false: such a file is skipped as OUTSIDE_DOCS_ROOT, so a link to a secret (`~/.npmrc`, `/etc/passwd`) is never published in the pack.',
  },
  vectors: {
    kind: { type: 'boolean' },
    description: 'Build the semantic route\'s embedding model and section vectors; false is `--no-vectors`, a keyword-only pack. Default true.',
  },
  model: {
    kind: { type: 'string' },
    description: 'A Model2Vec model folder, or a transformer sentence-embedding model (`.onnx`, with `tokenizer`), to embed with instead of the model trained on the docs (`--model`), relative to this file. Default: trained.',
  },
  tokenizer: {
    kind: { type: 'string' },
    description: 'The transformer\'s `tokenizer.json` (WordPiece), relative to this file (`--tokenizer`); only with an `.onnx` model.',
  },
  maxTokens: {
    kind: { type: 'integer', minimum: 3 },
    description: 'Longest token sequence fed to the transformer, ≥ 3 (`--max-tokens`). Default 256.',
  },
  poolRules: {
    kind: { type: 'poolRules' },
    description: 'Rules that put each page in a recall pool, first match wins (`--pool-rules <file>` holds the same list): `[{"pool": "reference", "path": "/api/**"}, {"pool": "negative", "tags": ["deprecated"]}]`. Default: built in.',
  },
  shardBytes: {
    kind: { type: 'integer', minimum: 1, maximum: MAX_SHARD_BYTES },
    description: `Largest stored file, 1 to ${MAX_SHARD_BYTES} bytes; a bigger one is cut into shards (\`--shard-bytes\`). Default 10485760 (10 MiB).`,
  },
  blockBytes: {
    kind: { type: 'integer', minimum: 1 },
    description: 'Target size of a section block the Worker reads per query, ≥ 1 (`--block-bytes`). Default 65536 (64 KiB).',
  },
  partBytes: {
    kind: { type: 'integer', minimum: 1 },
    description: 'Target size of a keyword partition the Worker reads per query term, ≥ 1 (`--part-bytes`). Default by the index\'s size: 65536 (64 KiB), or 16384 (16 KiB) when its postings exceed 16 MiB.',
  },
  llmsOut: {
    kind: { type: 'string' },
    description:
      'A folder to write llms.txt, llms-full.txt and every page\'s Markdown (at its URL with `.md` appended) into as well, relative to this file (`--llms-out`): the built site\'s, so any static host serves them. Default none: they are in the pack, and the Worker serves them.',
  },
  llmsTitle: {
    kind: { type: 'string' },
    description: 'llms.txt\'s title, the site\'s name (`--llms-title`). Default: the name every built page\'s `<title>` ends with (`Routing | Astro Docs`), else the home page\'s title (the page at the base URL, else the shortest URL).',
  },
  llmsSummary: {
    kind: { type: 'string' },
    description: 'llms.txt\'s one-line summary of the site (`--llms-summary`). Default: the home page\'s description, else its first sentence.',
  },
  worker: {
    kind: { type: 'object', fields: WORKER_FIELDS },
    description: 'The site\'s Worker: written into wrangler.toml by `recall-box init`, and its vars passed to `wrangler deploy` by `recall-box deploy` (they win over wrangler.toml\'s [vars]).',
  },
} as const satisfies FieldTable;

/**
 * The pool names a rule may name, for the schema's enum: core/rank/pools.ts's POOL_NAMES, which the
 * core's public surface does not export (a unit test holds the two equal).
 */
export const POOL_NAME_LIST: readonly string[] = ['knowledge', 'reference', 'index', 'negative'];

/** The value a field of this kind holds once validated. */
type KindValue<K> = K extends { type: 'string' }
  ? string
  : K extends { type: 'boolean' }
    ? boolean
    : K extends { type: 'integer' }
      ? number
      : K extends { type: 'stringList' }
        ? string[]
        : K extends { type: 'texts' }
          ? string | Record<string, string>
          : K extends { type: 'poolRules' }
            ? Array<{ pool: string; path?: string; tags?: string[] }>
            : K extends { type: 'object'; fields: infer F }
              ? ConfigOf<F>
              : never;

/** A valid object of a field table: every field optional. */
export type ConfigOf<F> = { -readonly [N in keyof F]?: F[N] extends { kind: infer K } ? KindValue<K> : never };

/** A valid `recall-box.config.json` (its `$schema` aside). */
export type RecallBoxConfig = ConfigOf<typeof CONFIG_FIELDS>;
export type WorkerSettings = ConfigOf<typeof WORKER_FIELDS>;
