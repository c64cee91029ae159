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
    read: async (name) => {
      const res = await fetchOrNull(name);
      return res === null ? null : new TextDecoder().decode(await bodyBytes(res, `${packPath}${name}`));
    },
    readBytes: async (name) => {
      const res = await fetchOrNull(name);
      return res === null ? null : bodyBytes(res, `${packPath}${name}`);
    },
  };
}

/**
 * A response's body, all of it: fewer bytes than its Content-Length says is a read cut short (a
 * transport fault, retried), not the file — which matters for the manifest, the one file no hash
 * checks, and keeps a short shard from looking like a damaged one.
 */
async function bodyBytes(res: Response, what: string): Promise<Uint8Array> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const declared = res.headers.get('content-length');
  if (declared !== null && Number(declared) !== bytes.byteLength) {
    throw new Error(`assets sent ${bytes.byteLength} of ${declared} bytes of ${what}`);
  }
  return bytes;
}
