/**
 * Writes `custom-elements.json` (the Custom Elements Manifest, schema 1.0.0) for `<recall-box>`
 * from the JSDoc tags on `RecallBoxElement` (Shoelace style: `@summary`, `@element`, `@attr`,
 * `@property`, `@fires`, `@csspart`, `@cssprop`, `@slot`) and from its public methods, so editors,
 * Storybook and documentation tools know the element's API.
 *
 *   npx tsx scripts/build-manifest.ts          (also run by `npm run build:widget`)
 *
 * A small reader of our own rather than @custom-elements-manifest/analyzer: the element is one
 * class, the tags are ours, and this runs offline with the TypeScript compiler already installed.
 * test/widget/manifest.test.ts checks the file is fresh and lists what the element really has.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const MANIFEST_DEFAULTS = {
  source: resolve(ROOT, 'src/widget/recall-box.ts'),
  className: 'RecallBoxElement',
  outfile: resolve(ROOT, 'custom-elements.json'),
  /** The module a page or bundler loads, as the package exports it (`recall-box/widget`). */
  modulePath: 'public/recall-box.js',
} as const;

interface Named {
  name: string;
  description?: string;
}
interface Typed extends Named {
  type?: { text: string };
  default?: string;
}

/** The subset of the Custom Elements Manifest schema we write. */
export interface Manifest {
  schemaVersion: '1.0.0';
  readme: string;
  modules: Array<{
    kind: 'javascript-module';
    path: string;
    declarations: Array<{
      kind: 'class';
      name: string;
      tagName: string;
      customElement: true;
      summary?: string;
      description: string;
      superclass: { name: string };
      attributes: Typed[];
      members: Array<Typed & { kind: 'field' | 'method'; privacy: 'public'; readonly?: boolean; parameters?: Typed[]; return?: { type: { text: string } } }>;
      events: Typed[];
      cssParts: Named[];
      cssProperties: Typed[];
      slots: Named[];
    }>;
    exports: Array<{ kind: 'js' | 'custom-element-definition'; name: string; declaration: { name: string; module: string } }>;
  }>;
}

interface Tag {
  name: string;
  text: string;
}

/** The class's JSDoc as description text and tags, continuation lines joined to their tag. */
function readJsDoc(node: ts.Node, source: ts.SourceFile): { description: string; tags: Tag[] } {
  const doc = ts.getJSDocCommentsAndTags(node).find(ts.isJSDoc);
  if (!doc) throw new Error(`build-manifest: ${MANIFEST_DEFAULTS.className} has no JSDoc comment`);
  const lines = doc
    .getText(source)
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((l) => l.replace(/^\s*\* ?/, ''));
  const description: string[] = [];
  const tags: Tag[] = [];
  for (const line of lines) {
    const m = /^@(\w+)\s*(.*)$/.exec(line.trim());
    if (m) tags.push({ name: m[1]!, text: m[2]! });
    else if (tags.length > 0) tags[tags.length - 1]!.text += ` ${line.trim()}`;
    else description.push(line);
  }
  return { description: description.join('\n').trim(), tags: tags.map((t) => ({ ...t, text: t.text.trim() })) };
}

/** `{type} name - description` (type optional). */
function parseTyped(text: string, tag: string): Typed {
  const m = /^(?:\{([^}]*)\}\s*)?(\S+)\s*(?:-\s*)?([\s\S]*)$/.exec(text);
  if (!m) throw new Error(`build-manifest: cannot read @${tag} ${text}`);
  const [, type, name, description] = m;
  const out: Typed = { name: name!, description: description!.trim() };
  if (type) out.type = { text: type.trim() };
  const def = /Default (`[^`]+`|[^\s.,;()]+)/.exec(description!);
  if (def && !/^(from|none)$/i.test(def[1]!)) out.default = def[1]!.replace(/`/g, '');
  return out;
}

/** The public methods of the class with their JSDoc, parameters and return type. */
function publicMethods(cls: ts.ClassDeclaration, source: ts.SourceFile): Manifest['modules'][0]['declarations'][0]['members'] {
  const lifecycle = new Set(['connectedCallback', 'disconnectedCallback', 'attributeChangedCallback', 'adoptedCallback']);
  const out: Manifest['modules'][0]['declarations'][0]['members'] = [];
  for (const member of cls.members) {
    if (!ts.isMethodDeclaration(member) || !ts.isIdentifier(member.name)) continue;
    const name = member.name.text;
    const modifiers = ts.getModifiers(member) ?? [];
    if (lifecycle.has(name) || modifiers.some((m) => m.kind === ts.SyntaxKind.StaticKeyword || m.kind === ts.SyntaxKind.PrivateKeyword)) continue;
    const doc = ts.getJSDocCommentsAndTags(member).find(ts.isJSDoc);
    const description = typeof doc?.comment === 'string' ? doc.comment : '';
    if (description === '') throw new Error(`build-manifest: public method ${name}() has no JSDoc description`);
    out.push({
      kind: 'method',
      name,
      privacy: 'public',
      description,
      parameters: member.parameters.map((p) => ({ name: p.name.getText(source), ...(p.type && { type: { text: p.type.getText(source) } }) })),
      return: { type: { text: member.type?.getText(source) ?? 'void' } },
    });
  }
  return out;
}

export async function generateManifest(): Promise<Manifest> {
  const { source: file, className, modulePath } = MANIFEST_DEFAULTS;
  const source = ts.createSourceFile(file, await readFile(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const cls = source.statements.find((s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === className);
  if (!cls) throw new Error(`build-manifest: no class ${className} in ${file}`);
  const { description, tags } = readJsDoc(cls, source);
  const all = (name: string) => tags.filter((t) => t.name === name);
  const one = (name: string) => all(name)[0]?.text;
  const tagName = one('element') ?? one('tag');
  if (!tagName) throw new Error(`build-manifest: ${className} has no @element tag`);
  const named = (t: Tag): Named => {
    const { name, description } = parseTyped(t.text, t.name);
    return { name, description: description ?? '' };
  };
  const events = [...all('fires'), ...all('event')].map((t) => {
    const e = parseTyped(t.text, t.name);
    const detail = /\(`(\w+EventDetail)`\)/.exec(e.description ?? '');
    return { name: e.name, description: e.description, type: { text: detail ? `CustomEvent<${detail[1]}>` : 'CustomEvent' } };
  });
  const properties = [...all('property'), ...all('prop')].map((t) => {
    const p = parseTyped(t.text, t.name);
    return { kind: 'field' as const, privacy: 'public' as const, ...p, ...(/read-only/i.test(p.description ?? '') && { readonly: true }) };
  });
  return {
    schemaVersion: '1.0.0',
    readme: 'docs/widget.md',
    modules: [
      {
        kind: 'javascript-module',
        path: modulePath,
        declarations: [
          {
            kind: 'class',
            name: className,
            tagName,
            customElement: true,
            summary: one('summary'),
            description,
            superclass: { name: 'HTMLElement' },
            attributes: all('attr').map((t) => parseTyped(t.text, t.name)),
            members: [...properties, ...publicMethods(cls, source)],
            events,
            cssParts: all('csspart').map(named),
            cssProperties: all('cssprop').map((t) => parseTyped(t.text, t.name)),
            slots: all('slot').map(named),
          },
        ],
        exports: [
          { kind: 'js', name: className, declaration: { name: className, module: modulePath } },
          { kind: 'custom-element-definition', name: tagName, declaration: { name: className, module: modulePath } },
        ],
      },
    ],
  };
}

/** The manifest as written to disk: stable key order, two-space indent, final newline. */
export function formatManifest(manifest: Manifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const manifest = await generateManifest();
  await writeFile(MANIFEST_DEFAULTS.outfile, formatManifest(manifest));
  const d = manifest.modules[0]!.declarations[0]!;
  console.log(
    `custom-elements.json: <${d.tagName}> ${d.attributes.length} attributes, ${d.members.length} members, ${d.events.length} events, ` +
      `${d.cssParts.length} parts, ${d.cssProperties.length} custom properties`,
  );
}
