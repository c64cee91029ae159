/**
 * Throws when two documents share an id: results are mapped back to documents by id, so a
 * duplicate would silently attribute one document's hits to another.
 */
export function checkUniqueIds(system: string, ids: readonly string[], what = 'document'): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new Error(`${system}: duplicate ${what} id '${id}'.`);
    seen.add(id);
  }
}
