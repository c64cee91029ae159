import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';

// Issue 47, H2: `ln -s ~/.npmrc docs/npmrc.md; recall-box build docs` published the token in the
// pack and answered /search?q=… with it. A link whose target lies outside the docs folder is now
// skipped, named in the summary, unless the owner opts in; so are names that would make a URL
// pointing elsewhere (L3).

/** A value no page holds: found in the pack only if the secret file was read. */
const SECRET = 'npm_SeCrEtToKeN4711';

let dir: string;
let docs: string;
let site: string;

/** Every file of a built pack as one text, to look for the secret in. */
async function packText(packDir: string): Promise<string> {
  const names = await readdir(packDir);
  const texts = await Promise.all(names.map((n) => readFile(path.join(packDir, n), 'latin1')));
  return texts.join('\n');
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'recall-box-links-'));
  // The secret beside the docs folder, as ~/.npmrc is beside a project.
  await writeFile(path.join(dir, 'npmrc'), `# Registry\n\n//registry.npmjs.org/:_authToken=${SECRET}\n`);
  docs = path.join(dir, 'docs');
  await mkdir(path.join(docs, 'guides'), { recursive: true });
  await writeFile(path.join(docs, 'index.md'), '# Tidepool\n\nTidepool runs background jobs for Node.\n');
  await writeFile(path.join(docs, 'guides/queues.md'), '# Queues\n\nA queue holds jobs until a worker takes them.\n');
  await symlink(path.join(dir, 'npmrc'), path.join(docs, 'npmrc.md'));
  // A link that stays inside the docs folder is an ordinary page.
  await symlink(path.join(docs, 'guides/queues.md'), path.join(docs, 'jobs.md'));
  // A built site with the same link, for --html.
  site = path.join(dir, 'site');
  await mkdir(site, { recursive: true });
  await writeFile(path.join(site, 'index.html'), '<html><head><title>Tidepool</title></head><body><main><h1>Tidepool</h1><p>Tidepool runs background jobs for Node.</p></main></body></html>');
  await writeFile(path.join(dir, 'secret.html'), `<html><body><main><h1>Registry</h1><p>${SECRET}</p></main></body></html>`);
  await symlink(path.join(dir, 'secret.html'), path.join(site, 'secret.html'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('recall-box build and symbolic links out of the docs folder', () => {
  it('skips a link to a file outside the docs folder as OUTSIDE_DOCS_ROOT, without naming its target, and indexes a link inside it', async () => {
    const out = path.join(dir, 'pack');
    const run = await runCli(['build', docs, '--out', out, '--no-vectors']);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/npmrc\.md: OUTSIDE_DOCS_ROOT — npmrc\.md is a symbolic link to a file outside the docs folder/);
    expect(run.out).not.toContain(path.join(dir, 'npmrc'));
    const pack = await packText(out);
    expect(pack).not.toContain(SECRET);
    expect(pack).not.toContain('_authToken');
    expect(pack).toContain('/jobs/');
  });

  it('indexes it with --follow-external-symlinks, the owner\'s choice', async () => {
    const out = path.join(dir, 'pack');
    const run = await runCli(['build', docs, '--out', out, '--no-vectors', '--follow-external-symlinks']);
    expect(run.code).toBe(0);
    expect(run.out).not.toMatch(/OUTSIDE_DOCS_ROOT/);
    expect(await packText(out)).toContain(SECRET);
  });

  it('skips the same link in a built site (--html)', async () => {
    const out = path.join(dir, 'html-pack');
    const run = await runCli(['build', '--html', site, '--out', out, '--no-vectors']);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/secret\.html: OUTSIDE_DOCS_ROOT/);
    expect(await packText(out)).not.toContain(SECRET);
  });

  it('skips a link to a file out of reach through a linked folder inside the docs (folders are not followed at all)', async () => {
    await mkdir(path.join(dir, 'elsewhere'));
    await writeFile(path.join(dir, 'elsewhere/leak.md'), `# Leak\n\n${SECRET}\n`);
    await symlink(path.join(dir, 'elsewhere'), path.join(docs, 'linked'));
    const out = path.join(dir, 'pack');
    expect((await runCli(['build', docs, '--out', out, '--no-vectors'])).code).toBe(0);
    expect(await packText(out)).not.toContain(SECRET);
  });
});

describe('recall-box build and file names that make no URL of their own', () => {
  it('skips each as UNSAFE_FILE_NAME, one line each in the summary, and builds the rest', async () => {
    const names = ['..md', '...md', '..\\..\\win.md', '#hash.md', '?q=1.md', 'line\nbreak.md', '%2e%2e.md'];
    for (const name of names) await writeFile(path.join(docs, name), `# Page ${names.indexOf(name)}\n\nSome text about queues.\n`);
    const out = path.join(dir, 'pack');
    const run = await runCli(['build', docs, '--out', out, '--no-vectors']);
    expect(run.code).toBe(0);
    const unsafe = run.out.split('\n').filter((l) => l.includes('UNSAFE_FILE_NAME'));
    expect(unsafe).toHaveLength(names.length);
    expect(run.out).toContain('line\\u000abreak.md: UNSAFE_FILE_NAME');
    const sections = JSON.parse(await readFile(path.join(out, 'sections.json'), 'utf8')) as { pages: string[] };
    expect(sections.pages.sort()).toEqual(['/', '/guides/queues/', '/jobs/']);
  });
});
