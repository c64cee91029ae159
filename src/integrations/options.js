// The options every framework integration takes, checked once when the framework loads its config,
// so a typo fails the build with the option's name instead of producing a site whose search is
// broken. Each integration has its own DEFAULTS (its options.js); the checks are these.
//
// Plain JavaScript (not TypeScript like the rest of src/): frameworks load their config and the
// integrations it names with Node, which cannot import .ts from node_modules.
import { OWNED_FLAGS } from './site-pack.js';

/** Widget attributes an integration sets itself: the endpoint from its option, the mode (a modal). */
const OWNED_ATTRIBUTES = { endpoint: 'use the "endpoint" option', mode: 'the search is a modal' };

/**
 * `options` over `defaults`, checked: no unknown key; `endpoint` a non-empty string (trimmed);
 * `widget` an object of string, number or boolean attributes, not setting the owned ones;
 * `buildArgs` strings not setting the flags the integration owns; every option whose default is a
 * boolean a boolean. Throws a TypeError naming the option.
 *
 * @template {Record<string, unknown>} T
 * @param {unknown} options
 * @param {T} defaults
 * @param {{ who: string, configName: string, ignoredKeys?: readonly string[] }} context
 *   who: what takes the options, in messages ("recallBox()"); configName: whose config the owned
 *   flags come from ("Astro's config"); ignoredKeys: keys the framework adds itself (Docusaurus's `id`).
 * @returns {T}
 */
export function resolveIntegrationOptions(options, defaults, { who, configName, ignoredKeys = [] }) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`recall-box: ${who}'s options must be an object, got ${describe(options)}`);
  }
  const known = Object.keys(defaults);
  const given = Object.fromEntries(Object.entries(options).filter(([key]) => !ignoredKeys.includes(key)));
  for (const key of Object.keys(given)) {
    if (!known.includes(key)) throw new TypeError(`recall-box: unknown option "${key}" (known: ${known.join(', ')})`);
  }
  const resolved = { ...defaults, ...given };
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
  for (const [owned, instead] of Object.entries(OWNED_ATTRIBUTES)) {
    if (owned in widget) throw new TypeError(`recall-box: widget.${owned} is set by ${who} (${instead})`);
  }
  if (!Array.isArray(resolved.buildArgs) || !resolved.buildArgs.every((a) => typeof a === 'string')) {
    throw new TypeError(`recall-box: "buildArgs" must be an array of strings (extra \`recall-box build\` options), got ${describe(resolved.buildArgs)}`);
  }
  for (const flag of OWNED_FLAGS) {
    if (resolved.buildArgs.some((a) => a === flag || a.startsWith(`${flag}=`))) {
      throw new TypeError(`recall-box: "buildArgs" may not set ${flag}: ${who} sets it from ${configName}`);
    }
  }
  for (const [key, value] of Object.entries(defaults)) {
    if (typeof value === 'boolean' && typeof resolved[key] !== 'boolean') {
      throw new TypeError(`recall-box: "${key}" must be true or false, got ${describe(resolved[key])}`);
    }
  }
  return /** @type {T} */ ({ ...resolved, endpoint: resolved.endpoint.trim(), widget: { ...widget }, buildArgs: [...resolved.buildArgs] });
}

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? JSON.stringify(value) : typeof value;
}
