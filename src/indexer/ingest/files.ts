/**
 * Finding and reading doc files on disk (Node only).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { RecallBoxError } from '../../core/errors.ts';
import { isDocFile } from './urls.ts';

/** Folders never searched for docs: dependencies and hidden folders (`.git`, `.vitepress`, …). */
function isSkippedFolder(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}

/**
 * Relative paths (forward slashes) of all supported doc files under `root`, sorted by code unit so
 * the order (and so the pack) is the same on every machine and locale.
 * Symbolic links to files are listed (a dangling one is then reported as unreadable); symbolic
 * links to folders are not followed, which rules out cycles.
 */
export async function listDocFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string, prefix: string): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true });
    for (const entry of entries) {
      const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!isSkippedFolder(entry.name)) await walk(path.join(folder, entry.name), rel);
      } else if ((entry.isFile() || entry.isSymbolicLink()) && isDocFile(entry.name)) {
        if (entry.isSymbolicLink() && (await isFolder(path.join(folder, entry.name)))) continue;
        found.push(rel);
      }
    }
  };
  await walk(root, '');
  return found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Read a doc file as text. Throws RecallBoxError `UNREADABLE` or `BINARY_CONTENT`. */
export async function readDocFile(root: string, relPath: string): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path.join(root, relPath));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RecallBoxError('UNREADABLE', `${relPath} could not be read: ${reason}`);
  }
  return decodeText(bytes, relPath);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 bytes → text; NUL bytes or invalid UTF-8 mean the file is not a text document. */
export function decodeText(bytes: Uint8Array, name: string): string {
  if (bytes.includes(0)) throw new RecallBoxError('BINARY_CONTENT', `${name} contains NUL bytes`);
  try {
    return utf8.decode(bytes);
  } catch {
    throw new RecallBoxError('BINARY_CONTENT', `${name} is not valid UTF-8 text`);
  }
}

/** Whether `dir` exists and is a folder. */
export async function isFolder(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}
