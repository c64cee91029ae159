// DocItem/Content wrapped (the classic theme's own: @theme-init is the first theme that provided
// it; @theme-original would be this file itself, as this plugin's theme comes after the preset's): a doc's title and
// Markdown, marked as the part of the page recall-box indexes. Without the mark the index would
// read the whole <main>, where the classic theme puts its table of contents as plain lists (the
// other chrome there, breadcrumbs, "Edit this page", previous/next, is <nav> or <footer>, which
// the indexer leaves out anyway). Pages without the mark (the 404 page, src/pages) are then not
// indexed: the built-HTML reader's data-recall-box-body rule, docs/configuration.md.
import { createElement } from 'react';
import Content from '@theme-init/DocItem/Content';

export default function ContentWithRecallBox(props) {
  // display: contents keeps the theme's layout as if the wrapper were not there.
  return createElement('div', { 'data-recall-box-body': '', style: { display: 'contents' } }, createElement(Content, props));
}
