// The options of recallBox(), checked once when astro.config is loaded, so a typo fails the build
// with the option's name instead of producing a site whose search is broken.
//
// Plain JavaScript (not TypeScript like the rest of src/): Astro loads its config and the
// integrations it names with Node, which cannot import .ts from node_modules.

/** Where the pack and the widget copy go inside the built site (the contract with `recall-box init`/`deploy`). */
export const SITE_DIR = '_recall-box';
export const PACK_SUBDIR = `${SITE_DIR}/pack`;

/** Every option and its default (docs/integrations/astro.md lists them). */
export const DEFAULTS = Object.freeze({
  /** URL of the Worker's search route: same origin by default, the Worker serving the site. */
  endpoint: '/search',
  /** Further <recall-box> attributes (placeholder, limit, shortcut, no-recent, …); `true` sets a boolean one. */
  widget: Object.freeze({}),
  /** Load the highlight script, which marks the searched words on the page a result opens. */
  highlight: true,
  /** Build the pack at the end of `astro build`. Off: the site links the search, the pack is built elsewhere. */
  index: true,
  /** Extra `recall-box build` options, e.g. ['--heading-depth', '2', '--no-vectors']. */
  buildArgs: Object.freeze([]),
  /** Write recall-box.config.json and wrangler.toml on the first build, when the project has neither (as `recall-box init --html dist`). */
  init: true,
  /** In Starlight: put recall-box in place of Starlight's search (components.Search) and turn Pagefind off. */
  replaceSearch: true,
});

/** Set by the integration from Astro's config; `buildArgs` may not set them. */
const OWNED_FLAGS = ['--html', '--out', '--base-url', '--config'];

/**
 * @param {unknown} options
 * @returns {{ endpoint: string, widget: Record<string, string | number | boolean>, highlight: boolean, index: boolean, init: boolean, buildArgs: string[], replaceSearch: boolean }}
 */
export function resolveOptions(options = {}) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`recall-box: recallBox()'s options must be an object, got ${describe(options)}`);
  }
  const known = Object.keys(DEFAULTS);
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) throw new TypeError(`recall-box: unknown option "${key}" (known: ${known.join(', ')})`);
  }
  const resolved = { ...DEFAULTS, ...options };
  if (typeof resolved.endpoint !== 'string' || resolved.endpoint.trim() === '') {
    throw new TypeError(`recall-box: "endpoint" must be a URL or a path such as "/search", got ${describe(resolved.endpoint)}`);
  }
  const widget = resolved.widget;
  if (widget === null || typeof widget !== 'object' || Array.isArray(widget)) {
    throw new TypeError(`recall-box: "widget" must be an object of <recall-box> attributes, got ${describe(widget)}`);
  }
  for (const [name, value] of Object.entries(widget)) {
    if (!['string', 'number', 'boolean'].includes(typeof value)) {
      throw new TypeError(`recall-box: widget attribute "${name}" must be a string, a number or a boolean, got ${describe(value)}`);
    }
  }
  for (const owned of ['endpoint', 'mode']) {
    if (owned in widget) throw new TypeError(`recall-box: widget.${owned} is set by the integration (${owned === 'endpoint' ? 'use the "endpoint" option' : 'the search is a modal'})`);
  }
  if (!Array.isArray(resolved.buildArgs) || !resolved.buildArgs.every((a) => typeof a === 'string')) {
    throw new TypeError(`recall-box: "buildArgs" must be an array of strings (extra \`recall-box build\` options), got ${describe(resolved.buildArgs)}`);
  }
  for (const flag of OWNED_FLAGS) {
    if (resolved.buildArgs.some((a) => a === flag || a.startsWith(`${flag}=`))) {
      throw new TypeError(`recall-box: "buildArgs" may not set ${flag}: the integration sets it from Astro's config`);
    }
  }
  for (const key of ['highlight', 'index', 'init', 'replaceSearch']) {
    if (typeof resolved[key] !== 'boolean') throw new TypeError(`recall-box: "${key}" must be true or false, got ${describe(resolved[key])}`);
  }
  return { ...resolved, endpoint: resolved.endpoint.trim(), widget: { ...widget }, buildArgs: [...resolved.buildArgs] };
}

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? JSON.stringify(value) : typeof value;
}
