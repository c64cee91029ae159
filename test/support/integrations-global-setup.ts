/**
 * vitest globalSetup for the integrations suite: builds both widget bundles (public/recall-box.js
 * and public/recall-box-highlight.js) once, so the integrations copy and the packed tarball carry
 * the current source, also when `npm run test:integrations` runs without `npm test` before it.
 */
import { buildHighlight, formatHighlightSizeReport } from '../../scripts/build-highlight.ts';
import { buildWidget, formatSizeReport } from '../../scripts/build-widget.ts';

export default async function setup(): Promise<void> {
  console.log(formatSizeReport(await buildWidget()));
  console.log(formatHighlightSizeReport(await buildHighlight()));
}
