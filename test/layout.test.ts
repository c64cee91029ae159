/**
 * The architecture as rules on imports (docs/architecture.md): which folder of src/ may import
 * which, that the core is reached through its public surface, that nothing shipped imports the
 * evaluation harness or a devDependency, and that the runtime-agnostic folders import no Node
 * module. Read from the source text, so a new import that breaks a rule fails here by name.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUNDLED_PACK_MODULE } from '../src/cli/bundle-pack.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  files: string[];
};

interface Import {
  /** The importing file, relative to the root. */
  from: string;
  /** A relative import resolved to a root-relative path, or a package specifier. */
  to: string;
  typeOnly: boolean;
  /** A relative import (a file of this repository), not a package. */
  internal: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.ts$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

function importsOf(file: string): Import[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const found: Import[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[3] ?? m[4]!;
    const to = spec.startsWith('.') ? path.normalize(path.join(path.dirname(file), spec)) : spec;
    found.push({ from: file, to, typeOnly: m[2] !== undefined, internal: spec.startsWith('.') });
  }
  return found;
}

const FILES = sourceFiles('src');
const IMPORTS = FILES.flatMap(importsOf);
const folderOf = (file: string) => file.split(path.sep)[1]!;
const local = (i: Import) => i.to.startsWith(`src${path.sep}`);

/** Which folders of src/ each folder may import (itself always). */
const MAY_IMPORT: Record<string, readonly string[]> = {
  core: [],
  protocol: ['core'],
  indexer: ['core'],
  datasets: ['core', 'indexer'],
  cli: ['core', 'protocol', 'indexer', 'datasets', 'server'],
  worker: ['core', 'protocol', 'preview', 'mcp', 'admin'],
  admin: ['core', 'protocol'],
  mcp: ['core', 'protocol'],
  preview: ['core'],
  server: ['core', 'protocol', 'indexer', 'worker', 'preview', 'admin'],
  widget: ['protocol', 'core'],
  eval: ['core', 'protocol', 'indexer', 'datasets'],
  integrations: ['core', 'indexer', 'cli'],
};

/**
 * Longest a module of src/ may grow, in lines: a file past it holds more than one concept and is
 * split by what each part does (issue 48 split the search pipeline, the widget's element, BM25F
 * scoring, the segmenter and the CLI's entry at this bound).
 */
const MAX_MODULE_LINES = 400;

/** The only core modules the widget's bundle takes: leaves with no imports of their own. */
const WIDGET_CORE_LEAVES = ['src/core/confidence/fallback-sentences.ts', 'src/core/is-record.ts'].map(path.normalize);

describe('the layout of src/', () => {
  it('has a rule for every folder', () => {
    expect([...new Set(FILES.map(folderOf))].sort()).toEqual(Object.keys(MAY_IMPORT).sort());
  });

  it('imports across folders only as the architecture allows', () => {
    const broken = IMPORTS.filter(local)
      .filter((i) => folderOf(i.to) !== folderOf(i.from) && !MAY_IMPORT[folderOf(i.from)]!.includes(folderOf(i.to)))
      .map((i) => `${i.from} → ${i.to}`);
    expect(broken).toEqual([]);
  });

  it('layers the core: the stages and the byte codecs never import the pack loader or the search pipeline', () => {
    // The loader (pack/) assembles the stages and the pipeline (search/) runs them; a stage that
    // imported either would run back up the layers. What both need of bytes lives in codec/.
    /** A core file's folder (`keyword` for src/core/keyword/…); '' for the core's root files and the rest of src/. */
    const layer = (file: string) => {
      const parts = file.split(path.sep);
      return parts[1] === 'core' && parts.length > 3 ? parts[2]! : '';
    };
    const below = ['analysis', 'keyword', 'embed', 'vector', 'rank', 'present', 'confidence', 'codec'];
    expect(new Set(FILES.map(layer))).toEqual(new Set([...below, 'pack', 'search', '']));
    const upward = IMPORTS.filter(local)
      .filter((i) => below.includes(layer(i.from)) && ['pack', 'search'].includes(layer(i.to)))
      .map((i) => `${i.from} → ${i.to}`);
    expect(upward).toEqual([]);
  });

  it('keeps every module of src/ under MAX_MODULE_LINES lines (one concept per module)', () => {
    const long = FILES.map((f) => ({ f, lines: readFileSync(path.join(ROOT, f), 'utf8').split('\n').length - 1 })).filter((m) => m.lines > MAX_MODULE_LINES);
    expect(long.map((m) => `${m.f}: ${m.lines} lines`)).toEqual([]);
  });

  it('reaches the core through src/core/index.ts from everywhere but the indexer', () => {
    const deep = IMPORTS.filter(local)
      .filter((i) => folderOf(i.to) === 'core' && !['core', 'indexer', 'widget'].includes(folderOf(i.from)))
      .filter((i) => i.to !== path.normalize('src/core/index.ts'))
      .map((i) => `${i.from} → ${i.to}`);
    expect(deep).toEqual([]);
  });

  it('exports from src/core/index.ts only what is imported through it outside the core (a surface that means it)', () => {
    /** The names an import or re-export statement brings through core/index.ts. */
    const namesThroughIndex = (text: string): string[] =>
      [...text.matchAll(/(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"][^'"]*core\/index\.ts['"]/g)].flatMap((m) =>
        m[1]!.split(',').map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim()).filter((n) => n !== ''),
      );
    const exported = namesThroughIndex(readFileSync(path.join(ROOT, 'src/core/index.ts'), 'utf8').replace(/from\s+'\.\/[^']*'/g, "from 'core/index.ts'"));
    const outside = [...FILES.filter((f) => folderOf(f) !== 'core'), ...sourceFiles('scripts'), ...sourceFiles('bench'), ...sourceFiles('test').filter((f) => !f.includes('.generated'))];
    const imported = new Set(outside.flatMap((f) => namesThroughIndex(readFileSync(path.join(ROOT, f), 'utf8'))));
    expect(exported.length).toBeGreaterThan(50);
    expect(exported.filter((name) => !imported.has(name))).toEqual([]);
  });

  it('gives the widget only protocol types and the core leaves it bundles', () => {
    const widget = IMPORTS.filter((i) => folderOf(i.from) === 'widget' && local(i) && folderOf(i.to) !== 'widget');
    expect(widget.filter((i) => folderOf(i.to) === 'protocol' && !i.typeOnly).map((i) => i.from)).toEqual([]);
    expect(widget.filter((i) => folderOf(i.to) === 'core' && !WIDGET_CORE_LEAVES.includes(i.to)).map((i) => `${i.from} → ${i.to}`)).toEqual([]);
    for (const leaf of WIDGET_CORE_LEAVES) expect(importsOf(leaf), leaf).toEqual([]);
    expect(IMPORTS.filter((i) => folderOf(i.from) === 'widget' && !i.internal)).toEqual([]);
  });

  it('keeps Node out of the runtime-agnostic code (core, protocol, preview, mcp, worker, widget)', () => {
    const node = IMPORTS.filter((i) => ['core', 'protocol', 'preview', 'mcp', 'worker', 'widget', 'admin'].includes(folderOf(i.from)) && i.to.startsWith('node:'));
    expect(node.map((i) => `${i.from} → ${i.to}`)).toEqual([]);
  });
});

describe('what the package publishes', () => {
  const packageName = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
  const published = FILES.filter((f) => folderOf(f) !== 'eval');

  it('leaves the evaluation harness out, and nothing published imports it', () => {
    expect(pkg.files).toContain('!src/eval/');
    const intoEval = IMPORTS.filter((i) => local(i) && folderOf(i.to) === 'eval' && folderOf(i.from) !== 'eval');
    expect(intoEval.map((i) => `${i.from} → ${i.to}`)).toEqual([]);
  });

  it('imports only dependencies, never a devDependency, from published code', () => {
    const external = IMPORTS.filter((i) => published.includes(i.from) && !i.internal && !i.to.startsWith('node:'));
    // Type-only imports of DOM/AST type packages that ship with the dependencies (mdast, hast) are erased;
    // the bundled entry's pack module is no package: wrangler's alias names the map `recall-box bundle` writes.
    const missing = external.filter((i) => !i.typeOnly && !(packageName(i.to) in pkg.dependencies) && i.to !== BUNDLED_PACK_MODULE);
    expect(missing.map((i) => `${i.from} → ${i.to}`)).toEqual([]);
  });
});
