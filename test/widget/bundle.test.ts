/**
 * The shipped bundle (public/recall-box.js, built by the suite's globalSetup) as a file: what it
 * may not contain, how big it may be, and how a site gets it (a module script or an npm import).
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { WIDGET_BUILD_DEFAULTS } from '../../scripts/build-widget.ts';
import { MANIFEST_DEFAULTS } from '../../scripts/build-manifest.ts';
import { STRINGS } from '../../src/widget/strings.ts';

const bundle = () => readFile(WIDGET_BUILD_DEFAULTS.outfile, 'utf8');
const require = createRequire(import.meta.url);

/** Every property name in the JSON the Worker answers with (src/protocol/response.ts's SearchResponse and ErrorBody, nested types included). */
function responseFieldNames(): string[] {
  const file = fileURLToPath(new URL('../../src/protocol/response.ts', import.meta.url));
  const program = ts.createProgram([file], { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, allowImportingTsExtensions: true, noEmit: true });
  const checker = program.getTypeChecker();
  const names = new Set<string>();
  const seen = new Set<ts.Type>();
  const walk = (type: ts.Type): void => {
    if (seen.has(type)) return;
    seen.add(type);
    if (type.isUnionOrIntersection()) type.types.forEach(walk);
    if (checker.isArrayType(type) || checker.isTupleType(type)) {
      checker.getTypeArguments(type as ts.TypeReference).forEach(walk);
      return;
    }
    const index = type.getStringIndexType();
    if (index) walk(index);
    for (const property of type.getProperties()) {
      names.add(property.name);
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      if (declaration) walk(checker.getTypeOfSymbolAtLocation(property, declaration));
    }
  };
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  for (const symbol of checker.getExportsOfModule(module)) {
    if (symbol.name !== 'SearchResponse' && symbol.name !== 'ErrorBody') continue;
    walk(checker.getDeclaredTypeOfSymbol(symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol));
  }
  return [...names];
}

describe('public/recall-box.js', () => {
  it('contains no HTML-parsing sinks, so result text cannot become markup', async () => {
    expect(await bundle()).not.toMatch(
      /innerHTML|outerHTML|insertAdjacentHTML|document\.write|DOMParser|createContextualFragment|setHTMLUnsafe|parseHTMLUnsafe|srcdoc/,
    );
  });

  it('is self-contained: it imports nothing at run time', async () => {
    const code = await bundle();
    expect(code).not.toMatch(/\bimport\s*[\s{*"'(]|\brequire\(/);
  });

  it(`stays within the ${WIDGET_BUILD_DEFAULTS.gzipBudgetBytes / 1024} KiB gzip budget`, async () => {
    const gzipBytes = gzipSync(await bundle(), { level: WIDGET_BUILD_DEFAULTS.gzipLevel }).length;
    expect(gzipBytes).toBeLessThanOrEqual(WIDGET_BUILD_DEFAULTS.gzipBudgetBytes);
    // The budget measures the real thing, not an empty file.
    expect(gzipBytes).toBeGreaterThan(4 * 1024);
  });

  it('shortens only property names of its own (mangledProps): no DOM, JavaScript, JSON, public API or strings name, none left over', { timeout: 60_000 }, async () => {
    const names: readonly string[] = WIDGET_BUILD_DEFAULTS.mangledProps;
    expect(names.length).toBeGreaterThan(0);
    const libDir = dirname(require.resolve('typescript/lib/lib.dom.d.ts'));
    const libs = (await readdir(libDir)).filter((f) => /^lib\.(dom|es|esnext)[\w.]*\.d\.ts$/.test(f));
    expect(libs).toContain('lib.dom.d.ts');
    // The DOM's and JavaScript's APIs: a property or method of that name.
    const declarations = await Promise.all(libs.map(async (f) => [f, await readFile(join(libDir, f), 'utf8')] as const));
    // The public API (every name custom-elements.json gives: attributes, members, events, parts,
    // custom properties), the strings' keys and every field of the Worker's JSON (its type, walked).
    const apiNames = [...(await readFile(MANIFEST_DEFAULTS.outfile, 'utf8')).matchAll(/"name": "([^"]+)"/g)].map((m) => m[1]);
    expect(apiNames).toContain('searchParams');
    const jsonNames = responseFieldNames();
    expect(jsonNames).toEqual(expect.arrayContaining(['results', 'snippet', 'highlights', 'excerpts', 'lastWordCompleted', 'rank', 'suggestions', 'typed']));
    const words: Array<readonly [string, string]> = [
      ['custom-elements.json', apiNames.join('\n')],
      ['WidgetStrings', Object.keys(STRINGS.en!).join('\n')],
      ['the Worker\'s JSON (SearchResponse, ErrorBody)', jsonNames.join('\n')],
    ];
    const code = await bundle();
    for (const name of names) {
      const declared = new RegExp(`(?<![\\w$.-])${name}\\??\\s*[:(]`);
      const word = new RegExp(`(?<![\\w$-])${name}(?![\\w$-])`);
      for (const [file, text] of declarations) expect(declared.test(text), `${name} is declared in ${file}`).toBe(false);
      for (const [file, text] of words) expect(word.test(text), `${name} is a name in ${file}`).toBe(false);
      // Every use renamed: no `.name`, `{name` or `,name` (member, key, destructuring) is left; the
      // word may still stand in a string ("aria-busy", the shortcut error's "mod, ctrl").
      const property = new RegExp(`[.{,]${name}(?![\\w$-])`);
      expect(code.match(property)?.[0], `${name} left in the bundle`).toBeUndefined();
    }
  });

  it('is the package export `recall-box/widget`, which a bundler can import', async () => {
    expect(require.resolve('recall-box/widget')).toBe(WIDGET_BUILD_DEFAULTS.outfile);
    const out = await build({
      stdin: { contents: "import { RecallBoxElement, TAG_NAME } from 'recall-box/widget'; console.log(TAG_NAME, RecallBoxElement);", resolveDir: process.cwd() },
      bundle: true,
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(out.outputFiles[0]!.text).toContain('recall-box');
    const pkg = JSON.parse(await readFile(require.resolve('recall-box/package.json'), 'utf8')) as { customElements?: string };
    expect(require.resolve(`recall-box/${pkg.customElements}`)).toMatch(/custom-elements\.json$/);
  });
});
