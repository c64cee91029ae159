// The options of the Docusaurus plugin (`plugins: [['recall-box/docusaurus', { … }]]`), checked
// when Docusaurus loads the config, so a typo fails `docusaurus build` with the option's name
// instead of producing a site whose search is broken.
//
// Plain JavaScript (not TypeScript like the rest of src/): Docusaurus loads plugins with Node,
// which cannot import .ts from node_modules.
import { OWNED_FLAGS } from '../site-pack.js';

/** Every option and its default (docs/integrations/docusaurus.md lists them). */
export const DEFAULTS = Object.freeze({
  /** URL of the Worker's search route: same origin by default, the Worker serving the site. */
  endpoint: '/search',
  /** Further <recall-box> attributes (placeholder, limit, shortcut, no-recent, …); `true` sets a boolean one, `false` leaves it off. */
  widget: Object.freeze({}),
  /** Load the highlight script, which marks the searched words on the page a result opens. */
  highlight: true,
  /** Build the pack in postBuild. Off: the site shows the search, the pack is built elsewhere. */
  index: true,
  /** Write recall-box.config.json and wrangler.toml on the first build, when the site has neither (as `recall-box init --html build`). */
  init: true,
  /** Extra `recall-box build` options, e.g. ['--heading-depth', '2', '--no-vectors']. */
  buildArgs: Object.freeze([]),
});


/** Docusaurus adds `id` to every plugin's options (a plugin used twice needs one each). */
const DOCUSAURUS_KEYS = ['id'];

/**
 * @param {unknown} options
 * @returns {{ endpoint: string, widget: Record<string, string | number | boolean>, highlight: boolean, index: boolean, init: boolean, buildArgs: string[] }}
 */
export function resolveOptions(options = {}) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`recall-box: the options of recall-box/docusaurus must be an object, got ${describe(options)}`);
  }
  const known = Object.keys(DEFAULTS);
  const given = Object.fromEntries(Object.entries(options).filter(([key]) => !DOCUSAURUS_KEYS.includes(key)));
  for (const key of Object.keys(given)) {
    if (!known.includes(key)) throw new TypeError(`recall-box: unknown option "${key}" (known: ${known.join(', ')})`);
  }
  const resolved = { ...DEFAULTS, ...given };
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
    if (owned in widget) throw new TypeError(`recall-box: widget.${owned} is set by the plugin (${owned === 'endpoint' ? 'use the "endpoint" option' : 'the search is a modal'})`);
  }
  if (!Array.isArray(resolved.buildArgs) || !resolved.buildArgs.every((a) => typeof a === 'string')) {
    throw new TypeError(`recall-box: "buildArgs" must be an array of strings (extra \`recall-box build\` options), got ${describe(resolved.buildArgs)}`);
  }
  for (const flag of OWNED_FLAGS) {
    if (resolved.buildArgs.some((a) => a === flag || a.startsWith(`${flag}=`))) {
      throw new TypeError(`recall-box: "buildArgs" may not set ${flag}: the plugin sets it from Docusaurus's config`);
    }
  }
  for (const key of ['highlight', 'index', 'init']) {
    if (typeof resolved[key] !== 'boolean') throw new TypeError(`recall-box: "${key}" must be true or false, got ${describe(resolved[key])}`);
  }
  return { ...resolved, endpoint: resolved.endpoint.trim(), widget: { ...widget }, buildArgs: [...resolved.buildArgs] };
}

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? JSON.stringify(value) : typeof value;
}
