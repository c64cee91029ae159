// The VitePress default theme with recall-box in its navbar, where VitePress's own search button
// goes (the `nav-bar-content-before` layout slot sits just before it; VitePress's search shows only
// when themeConfig.search is set, which withRecallBox warns about). Use it as the site's theme:
//
//   // .vitepress/theme/index.ts
//   export { default } from 'recall-box/vitepress/theme'
//
// or extend it like DefaultTheme; RecallBoxSearch is exported for custom layouts.
import DefaultTheme from 'vitepress/theme';
import { h } from 'vue';
import RecallBoxSearch from './RecallBoxSearch.vue';

export { RecallBoxSearch };

export default {
  extends: DefaultTheme,
  Layout() {
    return h(DefaultTheme.Layout, null, {
      'nav-bar-content-before': () => h(RecallBoxSearch),
    });
  },
};
