import type { PackSource } from '../../core/index.ts';

/** The slice of the Workers Static Assets binding this adapter uses. */
export interface AssetsFetcher {
  fetch(request: Request): Promise<Response>;
}

/**
 * Pack files from Workers Static Assets. The host is a placeholder: the ASSETS binding routes by
 * path only, and a reserved `.invalid` name can never reach the network by mistake.
 */
export function assetsPackSource(assets: AssetsFetcher, packPath: string): PackSource {
  async function fetchOrNull(name: string): Promise<Response | null> {
    const res = await assets.fetch(new Request(`https://assets.invalid${packPath}${name}`));
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`assets answered ${res.status} for ${packPath}${name}`);
    return res;
  }
  return {
    label: `assets:${packPath}`,
    read: async (name) => (await fetchOrNull(name))?.text() ?? null,
    readBytes: async (name) => {
      const res = await fetchOrNull(name);
      return res === null ? null : new Uint8Array(await res.arrayBuffer());
    },
  };
}
