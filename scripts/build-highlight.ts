/**
 * Bundles the highlight script (`recall-box/highlight`, src/widget/highlight/index.ts) into one
 * minified, dependency-free ES module at `public/recall-box-highlight.js` and reports its size.
 * A bundle of its own because it runs on every docs page a result leads to, where the widget
 * itself may not be loaded.
 *
 *   npx tsx scripts/build-highlight.ts        (also run by `npm run build:widget`)
 *
 * Importable too: test/widget/highlight.test.ts calls `buildHighlight()`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { WIDGET_BUILD_DEFAULTS } from './build-widget.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const HIGHLIGHT_BUILD_DEFAULTS = {
  entry: resolve(ROOT, 'src/widget/highlight/index.ts'),
  outfile: resolve(ROOT, 'public/recall-box-highlight.js'),
  /** The widget's language level and gzip measure, so the two bundles are judged alike. */
  target: WIDGET_BUILD_DEFAULTS.target,
  gzipLevel: WIDGET_BUILD_DEFAULTS.gzipLevel,
  /**
   * Size budget for the gzipped bundle, in bytes; the CLI fails above it. 2 KiB is issue 21's
   * ceiling for a script every docs page loads, most of the time for a visit with nothing to mark.
   */
  gzipBudgetBytes: 2 * 1024,
} as const;

export interface HighlightBuildResult {
  outfile: string;
  rawBytes: number;
  gzipBytes: number;
  withinBudget: boolean;
}

export async function buildHighlight(outfile: string = HIGHLIGHT_BUILD_DEFAULTS.outfile): Promise<HighlightBuildResult> {
  const result = await build({
    entryPoints: [HIGHLIGHT_BUILD_DEFAULTS.entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: HIGHLIGHT_BUILD_DEFAULTS.target,
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no output for the highlight script');
  await mkdir(dirname(outfile), { recursive: true });
  await writeFile(outfile, output.contents);
  const gzipBytes = gzipSync(output.contents, { level: HIGHLIGHT_BUILD_DEFAULTS.gzipLevel }).length;
  return { outfile, rawBytes: output.contents.length, gzipBytes, withinBudget: gzipBytes <= HIGHLIGHT_BUILD_DEFAULTS.gzipBudgetBytes };
}

export function formatHighlightSizeReport(r: HighlightBuildResult): string {
  return (
    `${relative(process.cwd(), r.outfile)}: ${r.rawBytes} B raw, ${r.gzipBytes} B gzip ` +
    `(budget ${HIGHLIGHT_BUILD_DEFAULTS.gzipBudgetBytes} B${r.withinBudget ? '' : ' EXCEEDED'})`
  );
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const r = await buildHighlight();
  console.log(formatHighlightSizeReport(r));
  if (!r.withinBudget) process.exitCode = 1;
}
