/**
 * What a query side pays for the vocabulary's known n-grams (embed/ngrams.ts), once per isolate, on
 * the first query with a word the vocabulary lacks: computing them (knownNgramHashes, as for a pack
 * built before PACK_FILES.ngrams) against decoding the pack's stored copy (decodeHashes).
 * Each is timed on its first call in a fresh process, as a young isolate meets it. Run it with
 * `node --no-opt --import tsx` too, for code V8 has not optimised yet.
 *
 *   npx tsx scripts/known-ngrams-cost.ts <pack dir>
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { knownNgramHashes } from '../src/core/embed/ngrams.ts';
import { decodeHashes } from '../src/core/codec/binary.ts';
import { modelFromFile, validateModelFile } from '../src/core/embed/model-file.ts';
import { PACK_FILES } from '../src/core/pack/format.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: npx tsx scripts/known-ngrams-cost.ts <pack dir>');
  process.exit(2);
}
const model = modelFromFile(validateModelFile(JSON.parse(await readFile(path.join(dir, PACK_FILES.embedding), 'utf8'))));
const { minN, maxN } = model.info.ngram;
const stored = await readFile(path.join(dir, PACK_FILES.ngrams)).catch(() => null);

let started = performance.now();
const computed = knownNgramHashes(model.terms, minN, maxN);
const computeMs = performance.now() - started;
console.log(`${dir}: ${model.terms.length} terms, ${computed.length} distinct n-grams`);
console.log(`computed (knownNgramHashes): ${computeMs.toFixed(1)} ms`);
if (stored === null) {
  console.log(`no ${PACK_FILES.ngrams} in this pack (built before it was stored)`);
} else {
  started = performance.now();
  const decoded = decodeHashes(stored, PACK_FILES.ngrams);
  const decodeMs = performance.now() - started;
  const same = decoded.length === computed.length && decoded.every((h, i) => h === computed[i]);
  console.log(`decoded from ${PACK_FILES.ngrams} (${(stored.byteLength / 1024).toFixed(0)} KiB): ${decodeMs.toFixed(1)} ms; same hashes: ${same}`);
}
