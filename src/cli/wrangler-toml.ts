/**
 * The wrangler.toml `recall-box init` writes for a site's Worker: the package's Worker entry, the
 * site (or public/) as static assets with the Worker's routes first, the config's Worker settings
 * as [vars], and the .wasm rule of the package's own wrangler.toml. The owner may edit it after:
 * deploy never rewrites it.
 */

export interface WranglerTomlInput {
  name: string;
  /** `main`, relative to the toml's folder. */
  main: string;
  compatibilityDate: string;
  /** `[assets] directory`, relative to the toml's folder. */
  assets: string;
  vars: Record<string, string>;
}

/**
 * The Worker's own routes, sent to it before any asset is looked up: everything else is the site.
 * /mcp is the MCP server for coding assistants. /admin/* (the content-gap report) is left out until
 * the owner turns the report on. So are the site for agents' paths (/llms.txt, /llms-full.txt,
 * `*.md`: src/worker/llms-routes.ts), which the Worker answers when no asset is there: a site's own
 * llms.txt wins, and the copies a framework integration writes into the built site are served as
 * files, without running the Worker.
 */
export const RUN_WORKER_FIRST = ['/search', '/health', '/mcp'] as const;

/** A TOML basic string. JSON's escapes (\" \\ \n \uXXXX) are TOML's. */
function tomlString(value: string): string {
  return JSON.stringify(value);
}

/** `dist` → `./dist`, as the repository's wrangler.toml writes its folder. */
function dotted(relative: string): string {
  return relative.startsWith('.') || relative.startsWith('/') ? relative : `./${relative}`;
}

export function renderWranglerToml(input: WranglerTomlInput): string {
  const vars = Object.entries(input.vars).map(([k, v]) => `${k} = ${tomlString(v)}`);
  return `# The site's search Worker: /search and /health, and the site's files as static assets.
# Written by \`recall-box init\`; yours to edit. \`recall-box deploy\` never rewrites it, and passes the
# settings recall-box.config.json holds (name, assets, worker vars) on wrangler's command line,
# where they win over this file's. Every setting: recall-box's docs/configuration.md.
name = ${tomlString(input.name)}
main = ${tomlString(input.main)}
compatibility_date = ${tomlString(input.compatibilityDate)}
# No \`keep_names\`: wrangler's default has esbuild wrap every function the Worker makes per request
# in a call that sets its \`name\`; nothing reads those names.
keep_names = false

# The pack and the widget bundle are files among the assets; the Worker reads the pack through the
# ASSETS binding. Its own routes skip the asset lookup.
[assets]
directory = ${tomlString(dotted(input.assets))}
binding = "ASSETS"
run_worker_first = [${RUN_WORKER_FIRST.map(tomlString).join(', ')}]

[vars]
${vars.join('\n')}

# Per-client rate limit on /search (429 RATE_LIMITED past \`limit\` per \`period\` seconds). Uncomment it
# before the Worker is public: without it one client can send queries without end.
# [[ratelimits]]
# name = "RATE_LIMITER"
# namespace_id = "1001"
# simple = { limit = 120, period = 60 }

# .wasm imports (the vector kernel) arrive as pre-compiled WebAssembly.Module objects: workerd
# forbids compiling WebAssembly from bytes at run time.
[[rules]]
type = "CompiledWasm"
globs = ["**/*.wasm"]
fallthrough = true
`;
}
