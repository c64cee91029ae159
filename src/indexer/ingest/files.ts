/**
 * Finding and reading doc files on disk (Node only).
 */
import { constants, type Stats } from 'node:fs';
import { open, readdir, realpath, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { isRecallBoxError, RecallBoxError } from '../../core/errors.ts';
import { isDocFile, unsafeFileName } from './urls.ts';

/** Folders never searched for docs: dependencies and hidden folders (`.git`, `.vitepress`, …). */
function isSkippedFolder(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}

/**
 * Relative paths (forward slashes) of all supported doc files under `root`, sorted by code unit so
 * the order (and so the pack) is the same on every machine and locale.
 * Symbolic links to files are listed (a dangling one is then reported as unreadable); symbolic
 * links to folders are not followed, which rules out cycles. Any other entry with a doc name (a
 * FIFO, a socket, a device) is listed too, so that DocsFolder.read reports it instead of it vanishing.
 */
export async function listDocFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string, prefix: string): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true });
    for (const entry of entries) {
      const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!isSkippedFolder(entry.name)) await walk(path.join(folder, entry.name), rel);
      } else if (isDocFile(entry.name)) {
        if (entry.isSymbolicLink() && (await isFolder(path.join(folder, entry.name)))) continue;
        found.push(rel);
      }
    }
  };
  await walk(root, '');
  return found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** How doc files are read. */
export interface ReadDocOptions {
  /**
   * Read a file whose real path (symbolic links resolved) lies outside the docs folder. Default
   * false: such a file is refused as OUTSIDE_DOCS_ROOT, so a link committed into the docs (to
   * `~/.npmrc`, `/etc/passwd`, `/proc/self/environ`) cannot publish what it points to in a pack
   * every reader can download. Jekyll and Hugo refuse links out of the source folder the same way.
   * `recall-box build --follow-external-symlinks` (or `followExternalSymlinks` in
   * recall-box.config.json) sets it, for docs assembled from links on purpose.
   */
  followExternalSymlinks?: boolean;
}

/** A docs folder's files, read by their path relative to it. */
export interface DocsFolder {
  /**
   * A doc file as text. Throws RecallBoxError `UNSAFE_FILE_NAME` (a name that makes no URL of its
   * own: urls.ts unsafeFileName), `UNREADABLE` (including for a FIFO, socket or device: not a
   * regular file), `OUTSIDE_DOCS_ROOT` (a link that leaves the folder, unless
   * followExternalSymlinks) or `BINARY_CONTENT`. The build lists each as a skipped file.
   */
  read(relPath: string): Promise<string>;
}

/**
 * The folder `root` (which exists), its real path resolved once for every file read from it: a
 * file's real path is checked against it, and the real path is what is read, not the link, so the
 * file read is the one checked even if the link changes in between.
 */
export async function docsFolder(root: string, options: ReadDocOptions = {}): Promise<DocsFolder> {
  const realRoot = await realpath(root);
  return {
    read: async (relPath) => {
      const unsafe = unsafeFileName(relPath);
      if (unsafe !== null) throw new RecallBoxError('UNSAFE_FILE_NAME', `not indexed: ${unsafe}; rename the file`);
      let real: string;
      try {
        real = await realpath(path.join(root, relPath));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new RecallBoxError('UNREADABLE', `${relPath} could not be read: ${reason}`);
      }
      if (!options.followExternalSymlinks && !isInside(real, realRoot)) {
        // The target is not named: the build's output (and logs that copy it) should not say where secrets are.
        throw new RecallBoxError('OUTSIDE_DOCS_ROOT', `${relPath} is a symbolic link to a file outside the docs folder, which is not read (--follow-external-symlinks reads it)`);
      }
      return decodeText(await readRegularFile(real, relPath), relPath);
    },
  };
}

/** Whether `file` is `folder` itself or lies under it (both absolute, resolved). */
function isInside(file: string, folder: string): boolean {
  const rel = path.relative(folder, file);
  return rel === '' || (!rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel));
}

/**
 * O_NONBLOCK, where the platform has it: opening a FIFO for reading otherwise waits for a writer,
 * which would hang the build (and a libuv thread) for good. A regular file reads the same with it.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** The bytes of a regular file (through symbolic links); `name` is the path the errors show. */
async function readRegularFile(file: string, name: string): Promise<Uint8Array> {
  let handle: FileHandle | undefined;
  try {
    // Checked before opening: a socket cannot be opened, and opening a device may have effects.
    requireRegularFile(await stat(file), name);
    handle = await open(file, OPEN_FLAGS);
    // Checked again on what was opened: the path may have been replaced in between.
    requireRegularFile(await handle.stat(), name);
    return await handle.readFile();
  } catch (error) {
    if (isRecallBoxError(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new RecallBoxError('UNREADABLE', `${name} could not be read: ${reason}`);
  } finally {
    await handle?.close();
  }
}

function requireRegularFile(stats: Stats, name: string): void {
  if (!stats.isFile()) throw new RecallBoxError('UNREADABLE', `${name} is not a regular file: it is ${fileKind(stats)}`);
}

/** What a file that is not a regular file is, in words. */
function fileKind(stats: Stats): string {
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFile()) return 'a regular file';
  return 'an unknown kind of file';
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
