// Types of index.js, for .vitepress/theme/index.ts. Type-only imports: VitePress and Vue are the
// site's dependencies, not recall-box's.
import type { Theme } from 'vitepress';
import type { Component } from 'vue';

/** The navbar search component, for a layout of your own. */
export declare const RecallBoxSearch: Component;

/** VitePress's default theme with recall-box as its navbar search. */
declare const theme: Theme;
export default theme;
