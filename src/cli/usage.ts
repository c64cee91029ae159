/** The CLI's usage text: every command, its flags, and what it does; printed by --help and after a usage error. */
export const USAGE = `Usage:
  recall-box build <docs-dir> --out <pack-dir> [--base-url /docs/] [--heading-depth 3] [--default-lang en]
                   [--facet <field> …] [--no-vectors | --model <dir> | --model <file.onnx> --tokenizer <tokenizer.json> [--max-tokens 256]]
  recall-box build --html <site-dir> --out <pack-dir> [the same options]
  recall-box build [--config <file>] [the same options]     (folders from recall-box.config.json)

Builds the search index pack of a folder of Markdown, MDX and HTML docs, or with --html of a built
static site (every .html file, read as the reader sees it). Settings come from recall-box.config.json
in the current directory (or --config <file>) when there is one; flags override it.
  --config         the config file                         default ./recall-box.config.json, if any
  --html           a built site's folder (dist/, build/) instead of <docs-dir>
  --out            folder to write the pack to (replaced atomically)
                   required without a config; default <site-dir>/_recall-box/pack with --html, else public/pack
  --base-url       URL prefix of the site's pages                         default /
  --heading-depth  deepest heading (1–6) that starts its own section      default 3
  --default-lang   language of pages whose path and front matter name none default en
  --facet          a front matter field searches can be filtered by (filter.<field>=<value>) and
                   counted by; repeatable, at most 8 (pool and lang are built in) default none
  --no-vectors     skip the embedding model and section vectors: keyword search only
  --model          a Model2Vec model folder (tokenizer.json + model.safetensors), or a transformer
                   sentence-embedding model (.onnx, with --tokenizer), to embed with instead of
                   the model trained on the docs                            default: trained
  --tokenizer      the transformer's tokenizer.json (WordPiece)
  --max-tokens     longest token sequence fed to the transformer            default 256
  --pool-rules     a JSON file of recall-pool rules [{pool, path?, tags?}], first match wins
                                                                           default: built in
  --shard-bytes    largest stored file; bigger ones are cut into shards (1 … 26214400)
                                                                           default 10485760 (10 MiB)
  --block-bytes    target size of a section block the Worker reads per query (≥ 1)
                                                                           default 65536 (64 KiB)
  --part-bytes     target size of a keyword partition the Worker reads per query term (≥ 1)
                                                                           default 65536 (64 KiB);
                                                                           16384 (16 KiB) for postings over 16 MiB
  --follow-external-symlinks
                   index doc files that are symbolic links to files outside the docs folder
                                                                           default: skipped (OUTSIDE_DOCS_ROOT)
  --llms-out       also write llms.txt, llms-full.txt and every page's Markdown (its URL + .md)
                   into this folder, such as the built site's, for a static host to serve
                                                                           default: in the pack only
  --llms-title     llms.txt's title: the site's name     default: the built pages' <title> suffix,
                                                                           else the home page's title
  --llms-summary   llms.txt's one-line summary           default: the home page's description

  recall-box init (<docs-dir> | --html <site-dir>) [--name <worker-name>] [--base-url /docs/] [build options …]
                  [--config <file>] [--force]

Writes recall-box.config.json (the options given) and, beside it, a wrangler.toml for the site's
Worker; prints the snippet to paste into the site's pages and the next command. A built site
(--html) is served by its Worker with the pack at /_recall-box/pack/. Existing files are kept
unless --force.
  --name           the Worker's name                       default: the folder's name
  --force          replace an existing recall-box.config.json and wrangler.toml

  recall-box deploy [--config <file>] [--dry-run | --local [--port 8787]] [build options …] [-- <wrangler args>]

Builds the pack as build does, copies the widget bundle and the highlight script next to it, and
runs wrangler deploy on the site's wrangler.toml, with the config's Worker name, assets and vars.
  --dry-run        wrangler deploy --dry-run: bundle and check, publish nothing
  --local          wrangler dev on http://127.0.0.1:<port> instead of deploying
  --port           the port of --local                     default 8787

  recall-box upload kv [--binding PACK_KV | --namespace-id <id>] [--pack <pack-dir>] [--prefix <p>] [--local] [--run]
  recall-box upload r2 --bucket <name> [--pack <pack-dir>] [--prefix <p>] [--local] [--run]

Puts the pack into an existing Worker's KV namespace or R2 bucket (PACK_SOURCE = "kv" / "r2"):
checks it, prints the wrangler commands (data first, manifest last; with --run, runs them) and the
PACK_PATH to set. The pack is --pack, else the config's out.
  --prefix         key prefix                              default pack-<buildId>/
  --local          the storage wrangler dev reads, not Cloudflare's

  recall-box bundle [<pack-dir>] [--pack-path /pack/] [--out .recall-box/bundled] [--plan free|paid] [--optional] [--config <file>]

Puts a pack inside the Worker script (the entry src/worker/bundled.ts, the repository's default):
checks it, copies its files and writes the module map that entry imports through wrangler's alias
(wrangler.toml runs this as its build step). A cold Worker then reads no file for its first search;
the script grows by the pack, compressed.
  <pack-dir>       the pack                                 default: the config's out, else public/pack
  --pack-path      the path the Worker knows it by (PACK_PATH) default: the config's, else /pack/
  --out            the folder of the module map and copies   default .recall-box/bundled
  --plan           the plan whose script limit the pack must fit beside the Worker's code
                   (free: 3 MB compressed, paid: 10 MB)       default paid
  --optional       over that limit, or with no pack: bundle nothing, and the Worker reads the pack
                   from its static assets (exit 0); a damaged pack still fails

  recall-box serve [<docs-dir> | --html <site-dir> | --pack <pack-dir>] [--port 8787] [--host 127.0.0.1] [build options …]

Search, the widget and a preview of every page on one local URL, under Node: no Cloudflare account.
Also the way to host search yourself (any Node host, Docker). Serves the pack given (--pack), else
builds one from <docs-dir> or --html (into the temp folder unless --out), else the config's pack
(built first if it is not there). /search and /health answer as the Worker's do; every indexed page
is rendered from the pack at its own URL, so results open and highlight; /_recall-box/pages/ lists them.
  --pack           a built pack folder to serve as it is
  --port           the port (0: any free one)              default 8787
  --host           the interface; 0.0.0.0 serves others     default 127.0.0.1 (this machine only)

  recall-box calibrate --dataset <dir> [--queries <file.jsonl>] [--dataset <dir> …] [--pack <pack-dir>]

Fits the confidence model (logistic regression per query strategy) on labelled queries and stores
it in the pack as confidence.json; without --pack it only prints the fit.
  --dataset        a docs folder (queries made from its page titles and headings, or --queries),
                   or a SMART/BEIR collection with judgements; repeatable      required
  --queries        known-item queries {"query","url"} per line, for a single docs --dataset
  --pack           the pack to store the calibration in (rewritten atomically, new buildId)

  recall-box calibrate --questions <file.jsonl>[,<file.jsonl>…] --pack <pack-dir>

Places the verdict's thresholds on your readers' own questions, searched in the pack: {"query",
"url"} per line for one the docs answer, {"query","unanswerable":true} for one they do not (at
least 20 of those). The default model answers at most 5% of the unanswerable ones and shows at
most 20% answered or uncertain; stored in the pack as confidence.json.
`;
