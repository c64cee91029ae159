// Types of recall-box/docusaurus (index.js is plain JavaScript, which Docusaurus loads with Node),
// for a docusaurus.config under `// @ts-check` or in TypeScript: give the options object the JSDoc
// type `RecallBoxOptions` of this module (docs/integrations/docusaurus.md shows the line).
//
// No import of Docusaurus's types: recall-box does not depend on them, and the plugin object below
// fits them.

import type { IntegrationOptions } from '../options.js';

export type RecallBoxOptions = IntegrationOptions;

/** The plugin instance: its name and the lifecycle methods Docusaurus calls. */
export interface RecallBoxPlugin {
  name: 'recall-box';
  // `any`: Docusaurus passes its own context types, which recall-box does not import.
  [method: string]: any;
}

declare function recallBoxPlugin(context: { siteDir: string; baseUrl: string }, options?: RecallBoxOptions): RecallBoxPlugin;
export default recallBoxPlugin;

/** Checks the options as Docusaurus asks a plugin to (a wrong one throws with its name) and gives the instance its id. */
export declare function validateOptions(args: { options?: RecallBoxOptions & { id?: string } }): RecallBoxOptions & { id: string };
export declare function resolveOptions(options?: RecallBoxOptions): Required<RecallBoxOptions>;
export declare const DEFAULTS: Readonly<Required<RecallBoxOptions>>;
/** The plugin's name, the key of its global data (usePluginData('recall-box')). */
export declare const NAME: 'recall-box';
