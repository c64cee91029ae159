/**
 * The shipped bundle (public/recall-box.js, built by the suite's globalSetup) as a file: what it
 * may not contain, how big it may be, and how a site gets it (a module script or an npm import).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { WIDGET_BUILD_DEFAULTS } from '../../scripts/build-widget.ts';

const bundle = () => readFile(WIDGET_BUILD_DEFAULTS.outfile, 'utf8');
const require = createRequire(import.meta.url);

describe('public/recall-box.js', () => {
  it('contains no HTML-parsing sinks, so result text cannot become markup', async () => {
    expect(await bundle()).not.toMatch(
      /innerHTML|outerHTML|insertAdjacentHTML|document\.write|DOMParser|createContextualFragment|setHTMLUnsafe|parseHTMLUnsafe|srcdoc/,
    );
  });

  it('is self-contained: it imports nothing at run time', async () => {
    const code = await bundle();
    expect(code).not.toMatch(/\bimport\s*[\s{*"'(]|\brequire\(/);
  });

  it('stays within the 14 KiB gzip budget', async () => {
    expect(WIDGET_BUILD_DEFAULTS.gzipBudgetBytes).toBe(14 * 1024);
    const gzipBytes = gzipSync(await bundle(), { level: WIDGET_BUILD_DEFAULTS.gzipLevel }).length;
    expect(gzipBytes).toBeLessThanOrEqual(WIDGET_BUILD_DEFAULTS.gzipBudgetBytes);
    // The budget measures the real thing, not an empty file.
    expect(gzipBytes).toBeGreaterThan(4 * 1024);
  });

  it('is the package export `recall-box/widget`, which a bundler can import', async () => {
    expect(require.resolve('recall-box/widget')).toBe(WIDGET_BUILD_DEFAULTS.outfile);
    const out = await build({
      stdin: { contents: "import { RecallBoxElement, TAG_NAME } from 'recall-box/widget'; console.log(TAG_NAME, RecallBoxElement);", resolveDir: process.cwd() },
      bundle: true,
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(out.outputFiles[0]!.text).toContain('recall-box');
    const pkg = JSON.parse(await readFile(require.resolve('recall-box/package.json'), 'utf8')) as { customElements?: string };
    expect(require.resolve(`recall-box/${pkg.customElements}`)).toMatch(/custom-elements\.json$/);
  });
});
