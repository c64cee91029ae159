import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKER_CONFIG, readConfig, type WorkerVars } from '../../src/worker/config.ts';

// Issue 47, L4: `CACHE_MAX_AGE = "-5"` became 300 with no warning. Every numeric and on/off var
// that cannot be used keeps its default and is named in the configuration's warnings (logged,
// and shown to the admin token's holder by /health).

const NUMERIC: Array<{ name: keyof WorkerVars; field: 'cacheMaxAge' | 'maxBodyBytes' | 'packReadTimeoutMs'; good: string; bad: string[] }> = [
  { name: 'CACHE_MAX_AGE', field: 'cacheMaxAge', good: '0', bad: ['-5', '1.5', 'ten', '1e3', '31536001'] },
  { name: 'MAX_BODY_BYTES', field: 'maxBodyBytes', good: '4096', bad: ['-1', '0', '511', '8k', '1048577'] },
  { name: 'PACK_READ_TIMEOUT_MS', field: 'packReadTimeoutMs', good: '250', bad: ['-4000', '49', '60001', '4s'] },
];

describe('readConfig: numeric vars', () => {
  it.each(NUMERIC)('$name: a value it cannot use keeps the default and is named in the warnings; a good one is taken', ({ name, field, good, bad }) => {
    for (const raw of bad) {
      const config = readConfig({ [name]: raw });
      expect(config[field], raw).toBe(DEFAULT_WORKER_CONFIG[field]);
      expect(config.warnings.join('\n'), raw).toContain(`${name} "${raw}"`);
    }
    const config = readConfig({ [name]: good });
    expect(config[field]).toBe(Number(good));
    expect(config.warnings).toEqual([]);
    expect(readConfig({ [name]: '  ' }).warnings).toEqual([]);
  });
});

describe('readConfig: on/off vars', () => {
  it.each(['POOLS', 'EXPANSION', 'GRAPH_BOOST', 'RERANK', 'EDGE_CACHE', 'GAPS', 'LLMS_TXT'] as const)('%s: neither on nor off keeps the default, named in the warnings', (name) => {
    expect(readConfig({ [name]: 'maybe' }).warnings.join('\n')).toContain(`${name} "maybe"`);
    expect(readConfig({ [name]: 'ON' }).warnings).toEqual([]);
  });

  it('LLMS_TXT: on unless set off (the site for agents is the docs the site publishes anyway)', () => {
    expect(readConfig({}).llmsTxt).toBe(true);
    expect(readConfig({ LLMS_TXT: 'off' }).llmsTxt).toBe(false);
    expect(readConfig({ LLMS_TXT: 'maybe' }).llmsTxt).toBe(true);
  });
});
