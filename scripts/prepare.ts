/**
 * `npm run prepare`: builds the files the package exports that git does not hold, the widget bundle
 * (public/recall-box.js, `recall-box/widget`) and the highlight script
 * (public/recall-box-highlight.js, `recall-box/highlight`), which the framework integrations copy
 * into every site.
 *
 * npm runs `prepare` on `npm install` from git (`npm install github:<owner>/recall-box`, where
 * nothing else builds them: npm runs no `prepack` there), on `npm pack` and `npm publish` (so a
 * tarball carries them), and on a plain `npm install` in a checkout. So it needs only esbuild and
 * tsx, dependencies of the package rather than devDependencies, and takes a few seconds.
 * custom-elements.json is committed; its build (scripts/build-manifest.ts, which needs the
 * typescript devDependency) stays in `npm run build:widget`.
 *
 * The bundles' size budgets are reported here, not enforced: an install is no place to refuse a
 * widget a few bytes over. `npm run build:widget` (run by `prepack` before a tarball is written)
 * and test/widget/ fail on them.
 */
import { buildHighlight, formatHighlightSizeReport } from './build-highlight.ts';
import { buildWidget, formatSizeReport } from './build-widget.ts';

console.log(formatSizeReport(await buildWidget()));
console.log(formatHighlightSizeReport(await buildHighlight()));
