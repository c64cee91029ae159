/**
 * vitest globalSetup for the browser suite: builds public/recall-box.js once before any test file
 * runs, so the tests always exercise the current source, minified exactly as shipped.
 */
import { buildWidget, formatSizeReport } from '../../scripts/build-widget.ts';

export default async function setup(): Promise<void> {
  const result = await buildWidget();
  console.log(formatSizeReport(result));
}
