/**
 * Does an agent get what a reader gets? Every readers' question of every docs site of the suite
 * (answerable and unanswerable), asked of the Node server (src/server/node-server.ts: the Worker's
 * app) as GET /search and as an MCP tools/call of search_docs: the share whose results (URLs, in
 * order) and outcome agree. The answer caches are off, so each is searched.
 *
 *   npx tsx scripts/mcp-agreement.ts --packs <dir> [--shared ../shared]
 *
 * `--packs`: a folder of the sites' packs (<dir>/<site>, built there with default settings when missing).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { questionSites, sitePackDir, siteQuestions } from '../src/eval/question-sites.ts';
import { createNodeHandler } from '../src/server/node-server.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { packs: { type: 'string' }, shared: { type: 'string', default: path.join(repo, '..', 'shared') } } });
if (!values.packs) {
  console.error('usage: npx tsx scripts/mcp-agreement.ts --packs <dir> [--shared ../shared]');
  process.exit(2);
}
const { sites, skipped } = questionSites(repo, values.shared!);
for (const line of skipped) console.error(`skipped: ${line}`);

interface Seen {
  urls: string[];
  outcome: string;
}

console.log('| site | questions | same results | same outcome |');
console.log('| --- | --- | --- | --- |');
let total = 0;
let agreeing = 0;
for (const site of sites) {
  const questions = siteQuestions(site);
  if (questions.length === 0) continue;
  const handler = await createNodeHandler({ packDir: sitePackDir(repo, values.packs, site), vars: { EDGE_CACHE: 'off' } });
  const direct = async (q: string): Promise<Seen> => {
    const body = (await (await handler(new Request(`http://127.0.0.1/search?q=${encodeURIComponent(q)}`))).json()) as { results: Array<{ url: string }>; confidence: { outcome: string } };
    return { urls: body.results.map((r) => r.url), outcome: body.confidence.outcome };
  };
  const agent = async (q: string, id: number): Promise<Seen> => {
    const res = await handler(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search_docs', arguments: { query: q } } }),
      }),
    );
    const found = ((await res.json()) as { result: { structuredContent: { results: Array<{ url: string }>; outcome: string } } }).result.structuredContent;
    return { urls: found.results.map((r) => r.url), outcome: found.outcome };
  };
  let sameResults = 0;
  let sameOutcome = 0;
  for (const [i, q] of questions.entries()) {
    const [a, b] = [await direct(q.query), await agent(q.query, i + 1)];
    if (a.urls.join('\n') === b.urls.join('\n')) sameResults++;
    if (a.outcome === b.outcome) sameOutcome++;
    if (a.urls.join('\n') === b.urls.join('\n') && a.outcome === b.outcome) agreeing++;
  }
  total += questions.length;
  const pct = (n: number) => `${((100 * n) / questions.length).toFixed(1)}%`;
  console.log(`| ${site.collection} | ${questions.length} | ${pct(sameResults)} | ${pct(sameOutcome)} |`);
}
console.log(`\nAll sites: ${agreeing} of ${total} questions agree on both (${((100 * agreeing) / Math.max(1, total)).toFixed(1)}%).`);
