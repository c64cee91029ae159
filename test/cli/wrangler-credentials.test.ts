import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWranglerCredentials, requireWranglerCredentials, wranglerAuthFile, type CredentialsLookup } from '../../src/cli/wrangler-credentials.ts';

// What wrangler reads for credentials, read the same way without wrangler or the network: the
// environment, the site's .env files, and the token `wrangler login` stores. Every case runs in its
// own empty home and site folder, so the machine's own login never counts.

let root: string;
let n = 0;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'recall-box-credentials-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** An empty home and site folder on Linux, with no variable set: nothing to find. */
async function nothing(): Promise<CredentialsLookup & { home: string }> {
  const dir = path.join(root, String(n++));
  await mkdir(path.join(dir, 'home'), { recursive: true });
  await mkdir(path.join(dir, 'site'), { recursive: true });
  return { env: {}, siteDir: path.join(dir, 'site'), home: path.join(dir, 'home'), platform: 'linux' };
}

/** Writes `text` to `file`, making its folder. */
async function put(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

describe('findWranglerCredentials: the environment', () => {
  it('finds none in an empty environment, home and site', async () => {
    expect(findWranglerCredentials(await nothing())).toBeNull();
  });

  it('takes an API token, also under its deprecated name, but not an empty one', async () => {
    const none = await nothing();
    expect(findWranglerCredentials({ ...none, env: { CLOUDFLARE_API_TOKEN: 't' } })).toBe('CLOUDFLARE_API_TOKEN (the environment)');
    expect(findWranglerCredentials({ ...none, env: { CF_API_TOKEN: 't' } })).toBe('CF_API_TOKEN (the environment)');
    expect(findWranglerCredentials({ ...none, env: { CLOUDFLARE_API_TOKEN: '' } })).toBeNull();
    // wrangler reads the current name when it is set at all, so an empty one hides the deprecated one.
    expect(findWranglerCredentials({ ...none, env: { CLOUDFLARE_API_TOKEN: '', CF_API_TOKEN: 't' } })).toBeNull();
  });

  it('takes a global API key only with its email', async () => {
    const none = await nothing();
    expect(findWranglerCredentials({ ...none, env: { CLOUDFLARE_API_KEY: 'k' } })).toBeNull();
    expect(findWranglerCredentials({ ...none, env: { CLOUDFLARE_API_KEY: 'k', CLOUDFLARE_EMAIL: 'a@b.example' } })).toBe('CLOUDFLARE_API_KEY and CLOUDFLARE_EMAIL (the environment)');
  });
});

describe("findWranglerCredentials: the site's .env files", () => {
  it('reads the variables wrangler loads from the .env files in the folder it runs in', async () => {
    const none = await nothing();
    await put(path.join(none.siteDir, '.env'), '# Cloudflare\nexport CLOUDFLARE_API_TOKEN="t" # for CI\n');
    expect(findWranglerCredentials(none)).toBe(`CLOUDFLARE_API_TOKEN (${path.join(none.siteDir, '.env')})`);
    // The environment wins over the file, as in wrangler: an empty variable set there is no token.
    expect(findWranglerCredentials({ ...none, env: { CLOUDFLARE_API_TOKEN: '' } })).toBeNull();
  });

  it("counts a token in an --env <name> file (.env.<name>) and none left empty", async () => {
    const none = await nothing();
    await put(path.join(none.siteDir, '.env'), 'CLOUDFLARE_API_TOKEN=\nOTHER=x\n');
    expect(findWranglerCredentials(none)).toBeNull();
    await put(path.join(none.siteDir, '.env.staging'), "CLOUDFLARE_API_TOKEN='t'\n");
    expect(findWranglerCredentials(none)).toBe(`CLOUDFLARE_API_TOKEN (${path.join(none.siteDir, '.env.staging')})`);
  });

  it('reads the --env-file files passed on to wrangler instead of the folder\'s', async () => {
    const none = await nothing();
    await put(path.join(none.siteDir, '.env'), 'CLOUDFLARE_API_TOKEN=t\n');
    await put(path.join(none.siteDir, 'secrets/cf.env'), 'CLOUDFLARE_API_KEY=k\nCLOUDFLARE_EMAIL=a@b.example\n');
    expect(findWranglerCredentials({ ...none, extra: ['--env-file', 'secrets/missing.env'] })).toBeNull();
    expect(findWranglerCredentials({ ...none, extra: ['--env-file=secrets/cf.env'] })).toMatch(/^CLOUDFLARE_API_KEY and CLOUDFLARE_EMAIL \(.*cf\.env\)$/);
  });
});

describe('findWranglerCredentials: `wrangler login`', () => {
  const login = 'oauth_token = "o"\nexpiration_time = "2000-01-01T00:00:00.000Z"\nrefresh_token = "r"\nscopes = [ "workers:write" ]\n';

  it("finds the token wrangler login stored in the platform's config folder, expired or not (wrangler refreshes it)", async () => {
    const none = await nothing();
    const file = path.join(none.home, '.config/.wrangler/config/default.toml');
    expect(wranglerAuthFile(none.env, none.home, 'linux')).toBe(file);
    await put(file, login);
    expect(findWranglerCredentials(none)).toBe(`\`wrangler login\` (${file})`);
    await put(file, 'oauth_token = ""\n');
    expect(findWranglerCredentials(none)).toBeNull();
  });

  it('looks where wrangler looks: XDG_CONFIG_HOME, ~/.wrangler when it exists, the staging file, macOS and Windows folders', async () => {
    const none = await nothing();
    const xdg = path.join(root, 'xdg');
    expect(wranglerAuthFile({ XDG_CONFIG_HOME: xdg }, none.home, 'linux')).toBe(path.join(xdg, '.wrangler/config/default.toml'));
    expect(wranglerAuthFile({ WRANGLER_API_ENVIRONMENT: 'staging' }, none.home, 'linux')).toBe(path.join(none.home, '.config/.wrangler/config/staging.toml'));
    expect(wranglerAuthFile({}, none.home, 'darwin')).toBe(path.join(none.home, 'Library/Preferences/.wrangler/config/default.toml'));
    expect(wranglerAuthFile({ APPDATA: path.join(root, 'appdata') }, none.home, 'win32')).toBe(path.join(root, 'appdata', 'xdg.config', '.wrangler', 'config', 'default.toml'));
    // wrangler 1's folder, when it exists, is wrangler's config folder still: a login elsewhere is not read.
    await put(path.join(none.home, '.config/.wrangler/config/default.toml'), login);
    await mkdir(path.join(none.home, '.wrangler'));
    expect(wranglerAuthFile({}, none.home, 'linux')).toBe(path.join(none.home, '.wrangler/config/default.toml'));
    expect(findWranglerCredentials(none)).toBeNull();
    // There, wrangler 1's saved API token still counts.
    await put(path.join(none.home, '.wrangler/config/default.toml'), 'api_token = "t"\n');
    expect(findWranglerCredentials(none)).toMatch(/^`wrangler login`/);
  });
});

describe('requireWranglerCredentials', () => {
  it('says where it looked and both fixes, under CREDENTIALS_MISSING', async () => {
    const none = await nothing();
    let error: unknown;
    try {
      requireWranglerCredentials(none);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'CREDENTIALS_MISSING' });
    const message = (error as Error).message;
    expect(message).toContain('npx wrangler login');
    expect(message).toContain('CLOUDFLARE_API_TOKEN');
    expect(message).toContain(path.join(none.home, '.config/.wrangler/config/default.toml'));
    expect(requireWranglerCredentials({ ...none, env: { CLOUDFLARE_API_TOKEN: 't' } })).toBe('CLOUDFLARE_API_TOKEN (the environment)');
  });
});
