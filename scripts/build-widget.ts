/**
 * Bundles the `<recall-box>` widget into one minified, dependency-free ES module at
 * `public/recall-box.js` and reports its size.
 *
 *   npx tsx scripts/build-widget.ts
 *
 * Importable too: the browser test suite's globalSetup calls `buildWidget()`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, transform, type Plugin } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const WIDGET_BUILD_DEFAULTS = {
  entry: resolve(ROOT, 'src/widget/index.ts'),
  outfile: resolve(ROOT, 'public/recall-box.js'),
  /**
   * Lowest JS level emitted. ES2022 keeps `#private` fields and class fields native (smaller and
   * faster); it is supported by every browser that supports custom elements v1 + shadow DOM
   * without polyfills (Chrome/Edge ≥ 94, Firefox ≥ 93, Safari ≥ 15.4).
   */
  target: 'es2022',
  /**
   * Size budget for the gzipped bundle, in bytes. The CLI fails above it so growth is a decision,
   * not an accident. 12 KiB was the production widget's target (issue 7: modes, combobox, grouped
   * results, fallback, recent searches, theming, five languages), under DocSearch's and Pagefind
   * UI's bundles; 12.5 KiB since the element was split into a controller and views (issue 15),
   * whose seam costs ~250 B gzipped (`npm run build:widget`: 12,188 B before, 12,433 B after);
   * 13 KiB with "did you mean", a finished word's space and no fallback mid-word (issue 16: ~600 B
   * with its strings in five languages, `npm run build:widget`: 12,325 B before, 12,924 B after).
   * 14 KiB with the answer card, the phone layout and the CSP-safe stylesheet (issue 21, which set
   * this ceiling: 13,225 B before, 14,091 B after, `npm run build:widget`), still under DocSearch's
   * and Pagefind UI's bundles. 15.5 KiB with the filter control and pinned results (issue 21:
   * 13,775 B before, 15,675 B after, `npm run build:widget`; the tables of the four languages besides
   * English, a large part of the bundle, load with the element so that no reader sees English first).
   * 16 KiB since the element was split into modules of one concept each (issue 48: attributes,
   * shadow tree, dropdown, reader actions, site memory), whose seams cost ~570 B gzipped with their
   * property names shortened (`npm run build:widget`: 15,675 B before, 16,247 B after). Still under half of DocSearch 3.9 (35,907 B JS + 3,111 B CSS) and of Pagefind UI 1.6
   * (31,079 B JS + 2,590 B CSS, before pagefind.js and its WASM), gzip -9 of their published files
   * (`npx tsx scripts/peer-widget-sizes.ts`).
   * 16.5 KiB (the next half-KiB step, as before) with issue 51's reader who is never stranded: the
   * verdict once the reader pauses, the fallback's own way on (pins, "Browse the docs" to `home`),
   * the empty dialog's hint and the inherited-style reset (`npm run build:widget`: 16,259 B before,
   * 16,675 B after; ~150 B of it the two new phrases in five languages, measured by building with
   * them blanked). Savings were sought first: shortening the new option names (mangledProps)
   * gave 5 B, and no dead code or repeated string large enough was left in the bundle.
   * Raise it deliberately when features land.
   */
  gzipBudgetBytes: 16.5 * 1024,
  /** zlib level used to measure gzip size: 9 approximates what CDNs serve for static assets. */
  gzipLevel: 9,
  /**
   * Property names the minifier shortens (esbuild `mangleProps`): names of the widget's own
   * objects only — the controller's host, the views' data, results and options being rendered,
   * WIDGET_DEFAULTS, the shadow tree's nodes and clicks, the dropdown's and the reader actions'
   * members, the site's stored lists — which never leave the bundle. Never a name of the DOM or JavaScript, of the
   * Worker's JSON, of the element's public API or of a WidgetStrings key: test/widget/bundle.test.ts
   * checks each against lib.dom.d.ts and the ES libs, every field of SearchResponse and ErrorBody
   * (src/protocol/response.ts, walked with the TypeScript checker), custom-elements.json and the
   * strings, and that no use is left in the bundle. A name added here must pass that test.
   * 156 B gzip in all when it came in; the names of the element's own modules (issue 48) 186 B more
   * (`npm run build:widget`: 16,433 B without them, 16,247 B with).
   */
  mangledProps: [
    'actions',
    'announce',
    'announced',
    'announceDelayMs',
    'assertive',
    'busy',
    'cancelled',
    'choicesMade',
    'choiceStore',
    'choose',
    'completing',
    'ctrl',
    'debounceMs',
    'emit',
    'facetBar',
    'filterKeyPrefix',
    'filterMax',
    'follow',
    'forget',
    'highlighted',
    'highlightParam',
    'hit',
    'hits',
    'loadingDelayMs',
    'loadingShown',
    'maxDebounceMs',
    'meta',
    'mod',
    'modalShortcut',
    'nodes',
    'note',
    'onClearRecent',
    'onClose',
    'onFacetClick',
    'onFacetKey',
    'onKey',
    'onListClick',
    'onRetry',
    'onTrigger',
    'passage',
    'pinKeyPrefix',
    'pinMax',
    'pinMaxLength',
    'pinStore',
    'polite',
    'recentHeader',
    'recentKeyPrefix',
    'recentMax',
    'recentMaxLength',
    'recentStore',
    'recentTitle',
    'renderRecent',
    'renderStatus',
    'replacing',
    'requestUrl',
    'revealed',
    'runQuery',
    'searchRow',
    'setActive',
    'setOpen',
    'settleMs',
    'startPage',
    'trigger',
    'triggerLabel',
  ],
} as const;

export interface WidgetBuildOptions {
  /** Where to write the bundle. Default `public/recall-box.js`. */
  outfile?: string;
}

export interface WidgetBuildResult {
  outfile: string;
  rawBytes: number;
  gzipBytes: number;
  withinBudget: boolean;
}

export async function buildWidget(options: WidgetBuildOptions = {}): Promise<WidgetBuildResult> {
  const outfile = options.outfile ?? WIDGET_BUILD_DEFAULTS.outfile;
  const result = await build({
    plugins: [minifiedStyles],
    mangleProps: new RegExp(`^(?:${WIDGET_BUILD_DEFAULTS.mangledProps.join('|')})$`),
    // `obj['hits']` and `'hits' in obj` too, so that no use of a listed name is missed.
    mangleQuoted: true,
    entryPoints: [WIDGET_BUILD_DEFAULTS.entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: WIDGET_BUILD_DEFAULTS.target,
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no output for the widget');
  await mkdir(dirname(outfile), { recursive: true });
  await writeFile(outfile, output.contents);
  const gzipBytes = gzipSync(output.contents, { level: WIDGET_BUILD_DEFAULTS.gzipLevel }).length;
  return {
    outfile,
    rawBytes: output.contents.length,
    gzipBytes,
    withinBudget: gzipBytes <= WIDGET_BUILD_DEFAULTS.gzipBudgetBytes,
  };
}

/**
 * The shadow-DOM stylesheet (src/widget/styles.ts) computed and minified at build time: the bundle
 * carries the finished CSS as one string (no newlines, no building it from the palette in the
 * browser) instead of the module's code. The same stylesheet in effect, since esbuild's CSS
 * minifier only drops whitespace here; tests that import styles.ts read the readable source.
 */
const STYLES_MODULE = resolve(ROOT, 'src/widget/styles.ts');
const minifiedStyles: Plugin = {
  name: 'recall-box-minified-styles',
  setup(b) {
    b.onLoad({ filter: /[\\/]styles\.ts$/ }, async (args) => {
      if (resolve(args.path) !== STYLES_MODULE) return undefined;
      const mod = (await import(pathToFileURL(STYLES_MODULE).href)) as Record<string, unknown>;
      const names = Object.keys(mod);
      if (names.length !== 1 || typeof mod.STYLES !== 'string') {
        throw new Error(`src/widget/styles.ts must export only the string STYLES (it exports ${names.join(', ')}); teach the widget build the rest`);
      }
      const { code } = await transform(mod.STYLES, { loader: 'css', minify: true, logLevel: 'silent' });
      return { contents: `export const STYLES = ${JSON.stringify(code.trim())};`, loader: 'js' };
    });
  },
};

export function formatSizeReport(r: WidgetBuildResult): string {
  const kib = (n: number) => `${(n / 1024).toFixed(2)} KiB`;
  const budget = WIDGET_BUILD_DEFAULTS.gzipBudgetBytes;
  return (
    `${relative(process.cwd(), r.outfile)}: ${r.rawBytes} B raw (${kib(r.rawBytes)}), ` +
    `${r.gzipBytes} B gzip (${kib(r.gzipBytes)}; budget ${kib(budget)}${r.withinBudget ? '' : ' EXCEEDED'})`
  );
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const r = await buildWidget();
  console.log(formatSizeReport(r));
  if (!r.withinBudget) process.exitCode = 1;
}
