import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { isRecallBoxError } from '../../src/core/errors.ts';
import { assetsModelBytes } from '../../src/worker/embed/assets-model.ts';
import { EMBED_ERRORS } from '../../src/worker/embed/errors.ts';
import { getEmbedder, sessionsCreated, type Embedder, type ModelBytesLoader } from '../../src/worker/embed/session.ts';
import { codeOfAsync } from '../support/errors.ts';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import onnxWorker from '../../src/worker/onnx.ts';
import defaultWorker, { type Env } from '../../src/worker/index.ts';
import { loadPack } from '../../src/core/pack/load.ts';
import { dequantizeMatrix, encodeFloat32 } from '../../src/core/codec/binary.ts';
import { assetsPackSource } from '../../src/worker/sources/assets.ts';
import { detectScriptLang } from '../../src/core/analysis/lang.ts';
import { queryTokens, embedStatic } from '../../src/core/embed/semantic.ts';
import {
  comparable,
  rankShape,
  SEARCH_EXPECTED_FILE,
  SEARCH_EXPECTED_TRANSFORMER_FILE,
  SEARCH_SAMPLES,
  TRANSFORMER_PACK_PATH,
  type SearchExpected,
} from '../support/search-samples.ts';
import {
  EMBED_FIXTURE_DIR,
  EMBED_FIXTURE_FILES,
  EMBED_TOLERANCE,
  type EmbedExpected,
  type EmbedSample,
} from '../support/embed-samples.ts';

// ORT (onnxruntime-web) inside workerd, against the model and vectors test/support/prepare-site.ts
// wrote with ORT in Node. Every ORT test lives in this one file: loading ORT's 14 MB engine into
// the test runner costs several seconds per test file. The tests share the file's isolate and so
// its sessions; each uses its own model key where it counts sessions.

const assets = (env as unknown as { ASSETS: { fetch(r: Request): Promise<Response> } }).ASSETS;

const MODEL_PATH = `${EMBED_FIXTURE_DIR}${EMBED_FIXTURE_FILES.model}`;
const modelBytes = assetsModelBytes(assets, MODEL_PATH);

/** Warm embeddings timed in one batch: one call is far below the clock's resolution. */
const WARM_CALLS = 2000;

async function expected(): Promise<EmbedExpected> {
  const res = await assets.fetch(new Request(`https://assets.invalid${EMBED_FIXTURE_DIR}${EMBED_FIXTURE_FILES.expected}`));
  expect(res.status).toBe(200);
  return (await res.json()) as EmbedExpected;
}

function embedSample(embedder: Embedder, s: EmbedSample): Promise<Float32Array> {
  return embedder.embed(Int32Array.from(s.ids), Float32Array.from(s.weights));
}

function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
}

/** Resolve after a timer, so the clock has caught up with the work before it is read. */
const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A loader that counts its calls. */
function counted(load: ModelBytesLoader): ModelBytesLoader & { calls: number } {
  const loader = Object.assign(async () => {
    loader.calls++;
    return load();
  }, { calls: 0 });
  return loader;
}

describe('ORT inside workerd embeds exactly as ORT in Node', () => {
  // First in the file on purpose: its first getEmbedder() starts ORT's engine in this isolate.
  it('embeds every sample within 1e-6 of the vector Node computed (and times it)', async () => {
    const { samples, dim } = await expected();
    const started = Date.now();
    const embedder = await getEmbedder(MODEL_PATH, modelBytes);
    await tick();
    const createMs = Date.now() - started;

    let worst = 0;
    for (const s of samples) {
      const vector = await embedSample(embedder, s);
      expect(vector.length).toBe(dim);
      const diff = maxAbsDiff(vector, s.vector);
      expect(diff, s.name).toBeLessThanOrEqual(EMBED_TOLERANCE);
      worst = Math.max(worst, diff);
    }

    const longest = samples.reduce((a, b) => (b.ids.length > a.ids.length ? b : a));
    const warmStarted = Date.now();
    for (let i = 0; i < WARM_CALLS; i++) await embedSample(embedder, longest);
    await tick();
    const warmMs = (Date.now() - warmStarted) / WARM_CALLS;
    console.log(
      `[embed] workerd: first session (engine start + model) ${createMs} ms; warm embed of ${longest.ids.length} tokens ` +
        `→ ${dim} dims ${warmMs.toFixed(4)} ms/call over ${WARM_CALLS}; max |workerd − Node| ${worst}`,
    );
  });

  it('gives the same vectors for Int32 and BigInt64 ids, and for concurrent calls', async () => {
    const { samples } = await expected();
    const embedder = await getEmbedder(MODEL_PATH, modelBytes);
    const concurrent = await Promise.all(samples.map((s) => embedSample(embedder, s)));
    for (const [i, s] of samples.entries()) {
      const viaBigInt = await embedder.embed(BigInt64Array.from(s.ids, (id) => BigInt(id)), Float32Array.from(s.weights));
      expect(Array.from(viaBigInt)).toEqual(Array.from(concurrent[i]!));
      expect(maxAbsDiff(concurrent[i]!, s.vector)).toBeLessThanOrEqual(EMBED_TOLERANCE);
    }
  });

  it('reports a token id beyond the model as EMBED_FAILED and keeps working', async () => {
    const { samples, rows } = await expected();
    const embedder = await getEmbedder(MODEL_PATH, modelBytes);
    expect(await codeOfAsync(embedder.embed(Int32Array.from([rows + 5]), Float32Array.from([1])))).toBe(EMBED_ERRORS.embedFailed);
    expect(maxAbsDiff(await embedSample(embedder, samples[0]!), samples[0]!.vector)).toBeLessThanOrEqual(EMBED_TOLERANCE);
  });

  it('refuses ids and weights of different lengths with EMBED_FAILED', async () => {
    const embedder = await getEmbedder(MODEL_PATH, modelBytes);
    expect(await codeOfAsync(embedder.embed(Int32Array.from([1, 2]), Float32Array.from([1])))).toBe(EMBED_ERRORS.embedFailed);
  });
});

describe('one session per model per isolate', () => {
  it('creates the session once, however many requests ask for it at once', async () => {
    // Its own key, so this test sees a creation whatever ran before it.
    const key = `${MODEL_PATH}#once`;
    const loader = counted(modelBytes);
    const before = sessionsCreated();
    const started = Date.now();
    // The others wait for the first request's creation to end, never on its promise (kept-loads.ts).
    const embedders = await Promise.all(Array.from({ length: 8 }, () => getEmbedder(key, loader)));
    await tick();
    const secondSessionMs = Date.now() - started;
    for (let i = 0; i < 3; i++) embedders.push(await getEmbedder(key, loader));
    expect(loader.calls).toBe(1);
    expect(sessionsCreated() - before).toBe(1);
    expect(new Set(embedders).size).toBe(1);
    console.log(`[embed] workerd: another session, engine already running: ${secondSessionMs} ms`);
  });

  it('retries a model whose bytes could not be fetched', async () => {
    const key = `${MODEL_PATH}#flaky`;
    let failures = 1;
    const flaky = counted(async () => {
      if (failures-- > 0) throw new Error('assets answered 500');
      return modelBytes();
    });
    await expect(getEmbedder(key, flaky)).rejects.toThrow('assets answered 500');
    await getEmbedder(key, flaky);
    expect(flaky.calls).toBe(2);
  });
});

describe('a broken model is a RecallBoxError with a stable code, not a crash', () => {
  const broken = (file: string) => {
    const path = `${EMBED_FIXTURE_DIR}${file}`;
    return { key: path, load: counted(assetsModelBytes(assets, path)) };
  };

  it('a model cut short is MODEL_CORRUPT, and stays so without a second attempt', async () => {
    const { key, load } = broken(EMBED_FIXTURE_FILES.corrupt);
    const error = await getEmbedder(key, load).catch((e: unknown) => e);
    expect(isRecallBoxError(error) && error.code).toBe(EMBED_ERRORS.modelCorrupt);
    // ORT's reason is kept for logs; no stack or file path leaks into the message.
    expect((error as Error).message).toMatch(/protobuf parsing failed/);
    expect((error as Error).message).not.toMatch(/\bat .+:\d+:\d+|node_modules/);
    const before = sessionsCreated();
    expect(await codeOfAsync(getEmbedder(key, load))).toBe(EMBED_ERRORS.modelCorrupt);
    expect(load.calls).toBe(1);
    expect(sessionsCreated()).toBe(before);
  });

  it('a model of another graph is MODEL_INCOMPATIBLE', async () => {
    const { key, load } = broken(EMBED_FIXTURE_FILES.incompatible);
    const error = await getEmbedder(key, load).catch((e: unknown) => e);
    expect(isRecallBoxError(error) && error.code).toBe(EMBED_ERRORS.modelIncompatible);
    expect((error as Error).message).toMatch(/tokens/);
  });

  it('no model at the path is MODEL_MISSING', async () => {
    const { key, load } = broken('no-such-model.onnx');
    expect(await codeOfAsync(getEmbedder(key, load))).toBe(EMBED_ERRORS.modelMissing);
  });

  it('leaves ORT working for a good model afterwards', async () => {
    const { samples } = await expected();
    const embedder = await getEmbedder(`${MODEL_PATH}#after-broken`, modelBytes);
    for (const s of samples) expect(maxAbsDiff(await embedSample(embedder, s), s.vector)).toBeLessThanOrEqual(EMBED_TOLERANCE);
  });
});

describe('the ONNX Worker entry (ORT) and the default entry (static embedder) agree', () => {
  async function answer(entry: typeof defaultWorker, q: string, vars: Partial<Env> = {}) {
    const ctx = createExecutionContext();
    const res = await entry.fetch(new Request(`https://search.example.com/search?q=${encodeURIComponent(q)}`), { ...(env as unknown as Env), ...vars }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    return (await res.json()) as { results: Array<{ id: string; match: string; routes: Record<string, { rank: number; score: number }> }>; warnings: unknown[] };
  }

  it('embeds every sample query within 1e-5 of the static embedder, ORT running the pack\'s model.onnx', async () => {
    const pack = await loadPack(assetsPackSource(assets, '/pack/'));
    const semantic = pack.semantic!;
    const onnx = await assets.fetch(new Request('https://assets.invalid/pack/model.onnx'));
    const embedder = await getEmbedder('pack-model-test', async () => new Uint8Array(await onnx.arrayBuffer()), () => [
      { path: 'embedding.bin', data: encodeFloat32(dequantizeMatrix(semantic.rows!.matrix)) },
    ]);
    let worst = 0;
    for (const q of SEARCH_SAMPLES) {
      const tokens = queryTokens(semantic, q, detectScriptLang(q, pack.manifest.defaultLang));
      if (tokens.ids.length === 0) continue;
      const viaOrt = await embedder.embed(tokens.ids, tokens.weights);
      worst = Math.max(worst, maxAbsDiff(viaOrt, embedStatic(semantic, tokens)));
    }
    expect(worst).toBeLessThanOrEqual(1e-5);
    console.log(`[embed] workerd: max |ORT − static embedder| over the sample queries ${worst}`);
  });

  it('runs a transformer pack\'s model.onnx (mean pooling) exactly as ORT in Node does; the default entry answers it by keyword with a warning', async () => {
    const res = await assets.fetch(new Request(`https://assets.invalid/${SEARCH_EXPECTED_TRANSFORMER_FILE}`));
    const expected = (await res.json()) as SearchExpected;
    let vectorHits = 0;
    let warned = 0;
    for (const { q, results } of expected.answers) {
      const viaOrt = await answer(onnxWorker, q, { PACK_PATH: TRANSFORMER_PACK_PATH });
      expect(viaOrt.warnings, q).toEqual([]);
      expect(rankShape(comparable(viaOrt.results)), q).toEqual(rankShape(results));
      const ranVector = viaOrt.results.some((r) => r.routes.vector);
      vectorHits += viaOrt.results.filter((r) => r.routes.vector).length;
      const viaStatic = await answer(defaultWorker, q, { PACK_PATH: TRANSFORMER_PACK_PATH });
      // Warned wherever the query needed the vector route; a lookup the keyword route answers alone
      // is never embedded (search.ts keywordAnswered), so nothing fails for it.
      const codes = (viaStatic.warnings as Array<{ code: string }>).map((w) => w.code);
      expect(codes, q).toEqual(ranVector || codes.length > 0 ? ['MODEL_NEEDS_ONNX_RUNTIME'] : []);
      warned += codes.length;
      expect(viaStatic.results.every((r) => r.match === 'keyword')).toBe(true);
    }
    expect(vectorHits).toBeGreaterThan(0);
    expect(warned).toBeGreaterThan(0);
  });

  it('answers every sample with the same results in the same order as the default entry and as Node', async () => {
    const res = await assets.fetch(new Request(`https://assets.invalid/${SEARCH_EXPECTED_FILE}`));
    const expected = (await res.json()) as SearchExpected;
    for (const { q, results } of expected.answers) {
      const [viaOrt, viaStatic] = [await answer(onnxWorker, q), await answer(defaultWorker, q)];
      expect(viaOrt.warnings, q).toEqual([]);
      expect(comparable(viaStatic.results), q).toEqual(results);
      // Same sections, same order, same routes and ranks; the cosines may differ in the last
      // digits (ORT sums in float32, the static embedder in float64), within quantization.
      expect(rankShape(comparable(viaOrt.results)), q).toEqual(rankShape(results));
      viaOrt.results.forEach((r, i) => {
        for (const [route, pos] of Object.entries(r.routes)) expect(Math.abs(pos.score - results[i]!.routes[route]!.score)).toBeLessThan(1e-3);
      });
    }
  });
});
