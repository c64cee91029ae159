/**
 * The shipped bundle (public/recall-box.js, built by the suite's globalSetup) as a file: what it
 * may not contain and how big it may be.
 */
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { WIDGET_BUILD_DEFAULTS } from '../../scripts/build-widget.ts';

const bundle = () => readFile(WIDGET_BUILD_DEFAULTS.outfile, 'utf8');

describe('public/recall-box.js', () => {
  it('contains no HTML-parsing sinks, so result text cannot become markup', async () => {
    expect(await bundle()).not.toMatch(
      /innerHTML|outerHTML|insertAdjacentHTML|document\.write|DOMParser|createContextualFragment|setHTMLUnsafe|parseHTMLUnsafe/,
    );
  });

  it('is self-contained: it imports nothing at run time', async () => {
    const code = await bundle();
    expect(code).not.toMatch(/\bimport\s*[\s{*"'(]|\brequire\(/);
  });

  it('stays within the gzip size budget', async () => {
    const gzipBytes = gzipSync(await bundle(), { level: WIDGET_BUILD_DEFAULTS.gzipLevel }).length;
    expect(gzipBytes).toBeLessThanOrEqual(WIDGET_BUILD_DEFAULTS.gzipBudgetBytes);
  });
});
