// Chrome VitePress renders among the content, marked `data-recall-box-ignore` so that the index
// (`recall-box build --html`) holds the docs' words only. Each marker is added where VitePress
// makes the element; if a VitePress version renders it differently, the marker is simply not
// added and the element's few words are indexed, nothing breaks.

/**
 * Code blocks: VitePress puts the language's name (`<span class="lang">js</span>`, shown on hover)
 * inside the block's wrapper in the content, so every section with a code block would read "js".
 * Runs after VitePress's own markdown-it plugins (its `markdown.config` hook does).
 *
 * @param {{ renderer: { rules: Record<string, Function | undefined> } }} md
 */
export function markCodeLanguageLabels(md) {
  const fence = md.renderer.rules.fence;
  if (!fence) return;
  md.renderer.rules.fence = (...args) => fence(...args).replace('<span class="lang">', '<span class="lang" data-recall-box-ignore>');
}

/**
 * Pages without a `<main>` (the home layout) are read from `<body>`, where the "Skip to content"
 * link (VPSkipLink, outside the header) would become the page's first words.
 *
 * @param {string} html a built page
 */
export function markSkipLink(html) {
  return html.replace('<a href="#VPContent" class="VPSkipLink', '<a href="#VPContent" data-recall-box-ignore class="VPSkipLink');
}
