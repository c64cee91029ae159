/**
 * A small synthetic docs corpus with four clear topics, for training tests: each section draws its
 * words from one topic's list (plus a few shared words), so words of one topic co-occur and words
 * of different topics do not. Deterministic.
 */
import type { EmbedDoc } from '../../../src/indexer/embed/train.ts';
import { mulberry32 } from '../../../src/core/random.ts';

export const TOPICS = {
  deploy: ['deployment', 'server', 'adapter', 'hosting', 'production', 'netlify', 'vercel', 'build'],
  images: ['image', 'picture', 'optimization', 'format', 'width', 'height', 'responsive', 'sharp'],
  routing: ['routing', 'route', 'parameter', 'dynamic', 'endpoint', 'redirect', 'getStaticPaths', 'slug'],
  content: ['collection', 'schema', 'frontmatter', 'markdown', 'entry', 'reference', 'zod', 'query'],
} as const;

const SHARED = ['project', 'config', 'example', 'file'];

export function topicCorpus(sectionsPerTopic = 12, wordsPerSection = 14, seed = 1): EmbedDoc[] {
  const rnd = mulberry32(seed);
  const docs: EmbedDoc[] = [];
  for (const words of Object.values(TOPICS)) {
    for (let s = 0; s < sectionsPerTopic; s++) {
      const pick: string[] = [];
      for (let w = 0; w < wordsPerSection; w++) {
        const pool = rnd() < 0.2 ? SHARED : words;
        pick.push(pool[Math.floor(rnd() * pool.length)]);
      }
      docs.push({ text: pick.join(' '), lang: 'en' });
    }
  }
  return docs;
}
