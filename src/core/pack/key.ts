/**
 * The KV/R2 key of a pack file: the index's path without its leading slash, then the file name
 * (`/pack/` + `manifest.json` → `pack/manifest.json`). One function for the Worker's readers and
 * the upload script, so what is uploaded is what is read.
 */
export function packKey(packPath: string, name: string): string {
  return `${packPath.replace(/^\/+/, '')}${name}`;
}
