/**
 * vitest globalSetup for the browser suite: builds public/recall-box.js once before any test file
 * runs, so the tests always exercise the current source, minified exactly as shipped; then the test
 * site the end-to-end files serve with `wrangler dev` (prepare-site.ts) — once, here, because files
 * run side by side and each rebuilding the folder would delete it under the others.
 */
import { buildWidget, formatSizeReport } from '../../scripts/build-widget.ts';
import { prepareSite } from './prepare-site.ts';

export default async function setup(): Promise<void> {
  const result = await buildWidget();
  console.log(formatSizeReport(result));
  await prepareSite();
}
