// Chrome Starlight renders among the content, marked `data-recall-box-ignore` so that the index
// (`recall-box build --html`) holds the docs' words only. If a Starlight or Expressive Code version
// renders it differently, the marker is simply not added and its few words are indexed; nothing breaks.

/**
 * An Expressive Code plugin: a terminal code block without a title gets a screen-reader label,
 * "Terminal window" (`<figcaption><span class="sr-only">`), inside the content, so every section
 * with a shell snippet would read "Terminal window". Runs after Expressive Code's frames plugin,
 * which adds the label (plugins given in the config run after the built-in ones).
 */
export function markCodeFrameLabels() {
  return {
    name: 'recall-box: code frame labels',
    hooks: {
      postprocessRenderedBlock({ renderData }) {
        for (const caption of elements(renderData.blockAst, 'figcaption')) {
          for (const span of elements(caption, 'span')) {
            if (classes(span).includes('sr-only')) span.properties = { ...span.properties, dataRecallBoxIgnore: '' };
          }
        }
      },
    },
  };
}

/** The elements named `tagName` in a hast tree, `node` included. */
function elements(node, tagName, found = []) {
  if (node?.type === 'element' && node.tagName === tagName) found.push(node);
  for (const child of node?.children ?? []) elements(child, tagName, found);
  return found;
}

function classes(element) {
  const value = element.properties?.className;
  return Array.isArray(value) ? value : typeof value === 'string' ? value.split(/\s+/) : [];
}
