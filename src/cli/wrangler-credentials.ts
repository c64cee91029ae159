/**
 * Whether `wrangler deploy` will find Cloudflare credentials, told before `recall-box deploy`
 * spends its time building the pack: without them wrangler fails only at its end, and it cannot ask
 * to log in there (deploy does not pass the terminal's input on, run-wrangler.ts).
 *
 * The check reads what wrangler itself reads (wrangler 4, src/user/user.ts getAuthFromEnv and
 * getAuthTokens) and nothing else: no network, so no `wrangler whoami`, which asks Cloudflare and
 * takes seconds. It answers whether credentials are there, not whether Cloudflare accepts them (an
 * expired OAuth token is refreshed by wrangler itself, a revoked one fails in wrangler as before).
 * It errs towards "there": a false "missing" would stop a deploy that works.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RecallBoxError } from '../core/index.ts';

/** An API token alone, or a global API key with its account's email, each under its current name or its deprecated one. */
const TOKEN = ['CLOUDFLARE_API_TOKEN', 'CF_API_TOKEN'] as const;
const GLOBAL_KEY = ['CLOUDFLARE_API_KEY', 'CF_API_KEY'] as const;
const GLOBAL_EMAIL = ['CLOUDFLARE_EMAIL', 'CF_EMAIL'] as const;
const VARIABLES: readonly string[] = [...TOKEN, ...GLOBAL_KEY, ...GLOBAL_EMAIL];

/** Where `wrangler login` keeps its token, in wrangler's config folder: `config/default.toml` (`staging.toml` under WRANGLER_API_ENVIRONMENT=staging). */
const AUTH_FILE_DIR = 'config';
/** The keys of that file that hold a credential: the OAuth token, or a token saved by wrangler 1's `config` command, which wrangler 4 still uses. */
const AUTH_FILE_KEYS = ['oauth_token', 'api_token'] as const;

export interface CredentialsLookup {
  /** The environment wrangler is started with. */
  env: NodeJS.ProcessEnv;
  /** The folder wrangler runs in (the site's, beside wrangler.toml), whose `.env` files wrangler loads into its environment. */
  siteDir: string;
  /** Arguments passed on to wrangler, for `--env-file <file>`. */
  extra?: readonly string[];
  home?: string;
  platform?: NodeJS.Platform;
}

/** Where the credentials wrangler would use were found (for the log), or null when there are none. */
export function findWranglerCredentials({ env, siteDir, extra = [], home = os.homedir(), platform = process.platform }: CredentialsLookup): string | null {
  const fromFiles = dotEnvVariables(envFiles(siteDir, extra));
  // The process's environment wins over the files, as in wrangler (dotenv-expand keeps what is set).
  const value = (name: string) => (Object.hasOwn(env, name) ? env[name] : fromFiles.get(name)?.value);
  const where = (name: string) => (Object.hasOwn(env, name) ? 'the environment' : fromFiles.get(name)!.file);
  // The current name wins over the deprecated one when both are set, even empty, as in wrangler.
  const first = (names: readonly string[]) => names.find((n) => value(n) !== undefined);
  const set = (names: readonly string[]) => {
    const name = first(names);
    return name !== undefined && value(name) !== '' ? name : undefined;
  };
  const key = set(GLOBAL_KEY);
  const email = set(GLOBAL_EMAIL);
  if (key && email) return `${key} and ${email} (${where(key)})`;
  const token = set(TOKEN);
  if (token) return `${token} (${where(token)})`;
  const authFile = wranglerAuthFile(env, home, platform);
  return storedToken(authFile) ? `\`wrangler login\` (${authFile})` : null;
}

/** Throws CREDENTIALS_MISSING, with both ways to get credentials, when findWranglerCredentials finds none. */
export function requireWranglerCredentials(lookup: CredentialsLookup): string {
  const found = findWranglerCredentials(lookup);
  if (found !== null) return found;
  const authFile = wranglerAuthFile(lookup.env, lookup.home ?? os.homedir(), lookup.platform ?? process.platform);
  throw new RecallBoxError(
    'CREDENTIALS_MISSING',
    'wrangler has no Cloudflare credentials to deploy with: CLOUDFLARE_API_TOKEN is not set (in the environment, or a .env file beside wrangler.toml) ' +
      `and wrangler is not logged in (${authFile} holds no token). Run \`npx wrangler login\`, or set CLOUDFLARE_API_TOKEN to an API token ` +
      'that may edit Workers; then deploy again. Nothing was built. (`recall-box deploy --local` and `--dry-run` need no credentials.)',
  );
}

/**
 * wrangler's auth file: in `~/.wrangler` when that folder exists (wrangler's old place), else in
 * `.wrangler` under the platform's config folder (XDG_CONFIG_HOME, else ~/.config on Linux,
 * ~/Library/Preferences on macOS, %APPDATA%\xdg.config on Windows; xdg-app-paths in wrangler).
 */
export function wranglerAuthFile(env: NodeJS.ProcessEnv, home: string, platform: NodeJS.Platform): string {
  const legacy = path.join(home, '.wrangler');
  const configDir = isDirectory(legacy) ? legacy : path.join(platformConfigDir(env, home, platform), '.wrangler');
  const name = env.WRANGLER_API_ENVIRONMENT === 'staging' ? 'staging.toml' : 'default.toml';
  return path.join(configDir, AUTH_FILE_DIR, name);
}

function platformConfigDir(env: NodeJS.ProcessEnv, home: string, platform: NodeJS.Platform): string {
  if (env.XDG_CONFIG_HOME) return env.XDG_CONFIG_HOME;
  if (platform === 'darwin') return path.join(home, 'Library', 'Preferences');
  if (platform === 'win32') return path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), 'xdg.config');
  return path.join(home, '.config');
}

/**
 * Whether the auth file holds a token. wrangler writes it with a TOML serializer, one `key = "value"`
 * per line, so a line match reads it; an unreadable file is no token, as in wrangler.
 */
function storedToken(file: string): boolean {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  return text.split(/\r?\n/).some((line) => {
    const m = /^\s*([A-Za-z_]+)\s*=\s*["']?([^"'\s#]*)/.exec(line);
    return m !== null && (AUTH_FILE_KEYS as readonly string[]).includes(m[1]!) && m[2] !== '';
  });
}

/**
 * The .env files wrangler may load in the site's folder: the `--env-file` ones passed on, else every
 * `.env*` file there. wrangler reads `.env`, `.env.local` and, under `--env <name>`, `.env.<name>`
 * and `.env.<name>.local`; all of them are read here, so a token in any counts (erring towards "there").
 */
function envFiles(siteDir: string, extra: readonly string[]): string[] {
  const given = extra.flatMap((arg, i) => (arg === '--env-file' && extra[i + 1] !== undefined ? [extra[i + 1]!] : arg.startsWith('--env-file=') ? [arg.slice('--env-file='.length)] : []));
  if (given.length > 0) return given.map((f) => path.resolve(siteDir, f));
  let names: string[];
  try {
    names = readdirSync(siteDir);
  } catch {
    return [];
  }
  return names.filter((n) => n === '.env' || n.startsWith('.env.')).map((n) => path.join(siteDir, n));
}

/** The credential variables the files set (`NAME=value`, `export NAME=value`, dotenv's forms), each with the file it came from; a later file wins, as in wrangler. */
function dotEnvVariables(files: string[]): Map<string, { value: string; file: string }> {
  const found = new Map<string, { value: string; file: string }>();
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split(/\r?\n/)) {
      const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*[=:]\s*(.*)$/.exec(line);
      if (m === null || !VARIABLES.includes(m[1]!)) continue;
      found.set(m[1]!, { value: unquoted(m[2]!), file });
    }
  }
  return found;
}

/** A dotenv value without its quotes, or without a trailing ` # comment` when unquoted. */
function unquoted(raw: string): string {
  const v = raw.trim();
  const quote = /^(["'`])(.*)\1$/.exec(v);
  if (quote) return quote[2]!;
  return v.replace(/\s+#.*$/, '').trim();
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
