// Types of index.js, for .vitepress/config.mts. Type-only imports: VitePress is the site's
// dependency, not recall-box's.
import type { UserConfig } from 'vitepress';

import type { IntegrationOptions } from '../options.js';

/** The options of withRecallBox (docs/integrations/vitepress.md): those of every integration. */
export type RecallBoxVitePressOptions = IntegrationOptions;

/** Folder inside the built site for recall-box's files (`_recall-box`), and the pack's folder in it (`_recall-box/pack`). */
export declare const SITE_DIR: string;
export declare const PACK_SUBDIR: string;

/** `config` with recall-box added: the pack built by buildEnd, the theme's options, Vue's custom element. */
export declare function withRecallBox<T extends UserConfig<any>>(config: T, options?: RecallBoxVitePressOptions): T;
