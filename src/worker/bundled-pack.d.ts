/**
 * The module map of packs bundled into the Worker (src/cli/bundle-pack.ts writes it); wrangler's
 * `alias` names the generated file, so nothing here exists until `recall-box bundle` has run.
 */
declare module 'recall-box-bundled-pack' {
  const packs: import('./sources/bundled.ts').BundledPacks;
  export default packs;
}
