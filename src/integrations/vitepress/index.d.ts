// Types of index.js, for .vitepress/config.mts. Type-only imports: VitePress is the site's
// dependency, not recall-box's.
import type { UserConfig } from 'vitepress';

/** The options of withRecallBox (docs/integrations/vitepress.md). */
export interface RecallBoxVitePressOptions {
  /** URL of the Worker's search route, resolved against the page. Default `/search` (the Worker serving the site). */
  endpoint?: string;
  /** More `<recall-box>` attributes (docs/widget.md), such as `{ placeholder: 'Search', limit: 8, 'no-recent': true }`; `false` leaves one off. */
  widget?: Record<string, string | number | boolean>;
  /** Load the highlight script, which marks a result's words on the page it opens. Default true. */
  highlight?: boolean;
  /** More `recall-box build` options, such as `['--heading-depth', '2']` (not --html, --out, --base-url). Default none. */
  buildArgs?: string[];
  /** Build the pack at the end of `vitepress build`. Default true. */
  index?: boolean;
}

/** Folder inside the built site for recall-box's files (`_recall-box`), and the pack's folder in it (`_recall-box/pack`). */
export declare const SITE_DIR: string;
export declare const PACK_SUBDIR: string;

/** `config` with recall-box added: the pack built by buildEnd, the theme's options, Vue's custom element. */
export declare function withRecallBox<T extends UserConfig<any>>(config: T, options?: RecallBoxVitePressOptions): T;
