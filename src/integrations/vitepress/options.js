// The options of withRecallBox(), checked once when the VitePress config is loaded, so a typo
// fails `vitepress build` with its name instead of producing a site whose search is broken.
//
// Plain JavaScript (not TypeScript like the rest of src/): VitePress loads its config with Node,
// which cannot import .ts from node_modules, and this file runs inside that config.

/** Where the pack and the widget copy go inside the built site (the contract with `recall-box init`/`deploy`). */
export const SITE_DIR = '_recall-box';
export const PACK_SUBDIR = `${SITE_DIR}/pack`;

/**
 * The widget's attributes the integration sets itself; the rest of `widget` is passed to
 * `<recall-box>` as is (docs/widget.md lists them).
 */
const DEFAULTS = {
  endpoint: '/search',
  widget: {},
  highlight: true,
  buildArgs: [],
  index: true,
};

/**
 * @param {unknown} options
 * @returns {{ endpoint: string, widget: Record<string, string | number | boolean>, highlight: boolean, buildArgs: string[], index: boolean }}
 */
export function resolveOptions(options = {}) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`recall-box: withRecallBox's options must be an object, got ${describe(options)}`);
  }
  const known = Object.keys(DEFAULTS);
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) throw new TypeError(`recall-box: unknown option "${key}" (known: ${known.join(', ')})`);
  }
  const resolved = { ...DEFAULTS, ...options };
  if (typeof resolved.endpoint !== 'string' || resolved.endpoint === '') {
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
  if ('endpoint' in widget) throw new TypeError('recall-box: set the endpoint with the "endpoint" option, not widget.endpoint');
  if (!Array.isArray(resolved.buildArgs) || !resolved.buildArgs.every((a) => typeof a === 'string')) {
    throw new TypeError(`recall-box: "buildArgs" must be an array of strings (extra \`recall-box build\` options), got ${describe(resolved.buildArgs)}`);
  }
  for (const owned of ['--html', '--out', '--base-url']) {
    if (resolved.buildArgs.includes(owned)) throw new TypeError(`recall-box: "buildArgs" may not set ${owned}: the integration sets it from the VitePress config`);
  }
  if (typeof resolved.highlight !== 'boolean') throw new TypeError(`recall-box: "highlight" must be true or false, got ${describe(resolved.highlight)}`);
  if (typeof resolved.index !== 'boolean') throw new TypeError(`recall-box: "index" must be true or false, got ${describe(resolved.index)}`);
  return { ...resolved, widget: { ...widget }, buildArgs: [...resolved.buildArgs] };
}

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? JSON.stringify(value) : typeof value;
}
