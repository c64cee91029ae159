import { describe, expect, it } from 'vitest';
import { csvField, fillDays, gapKey, gapsCsv, groupGaps, issueLink, neverShown, queriesCsv, querySummary, writingHint } from '../../src/admin/report.ts';
import type { QueryRow } from '../../src/admin/report-store.ts';

const row = (query: string, over: Partial<QueryRow> = {}): QueryRow => ({
  query, lang: 'en', searches: 1, answers: 0, uncertain: 0, fallbacks: 1, zeroResults: 0, agent: 0, clicks: 0, clickRankSum: 0, ...over,
});

describe('the report', () => {
  it('groups phrasings with the same stemmed terms into one gap, most missed first', () => {
    expect(gapKey('Deploying to Vercel', 'en')).toBe(gapKey('deploy vercel', 'en'));
    const groups = groupGaps([row('deploy vercel', { fallbacks: 2, searches: 2 }), row('deploying to vercel', { fallbacks: 3, searches: 3 }), row('zebra', { fallbacks: 1 }), row('answered', { fallbacks: 0, answers: 4 })]);
    expect(groups.map((g) => [g.queries, g.count])).toEqual([[['deploying to vercel', 'deploy vercel'], 5], [['zebra'], 1]]);
  });
  it('fills the period day by day and summarises queries', () => {
    const days = fillDays({ from: '2026-02-27', to: '2026-03-02' }, [{ day: '2026-03-01', searches: 3, answers: 2, uncertain: 1, fallbacks: 0, zeroResults: 0, agent: 0, clicks: 1 }]);
    expect(days.map((d) => [d.day, d.searches])).toEqual([['2026-02-27', 0], ['2026-02-28', 0], ['2026-03-01', 3], ['2026-03-02', 0]]);
    expect(querySummary(row('q', { searches: 4, answers: 3, clicks: 2, clickRankSum: 5 }))).toMatchObject({ answerShare: 0.75, clickThrough: 0.5, meanClickedRank: 2.5 });
    expect(querySummary(row('q')).meanClickedRank).toBeNull();
  });
  it('hints what to write from the verdict: missing words, or a section on the query', () => {
    expect(writingHint('kubernetes helm', { outcome: 'fallback', cause: 'not-covered', unknownWords: ['kubernetes', 'helm'], nearest: { title: 'Deploy', url: '/deploy/' } })).toMatch(/No page mentions “kubernetes”, “helm”.*nearest section is “Deploy”/);
    expect(writingHint('routing cache', { outcome: 'fallback', cause: 'off-topic', unknownWords: [], nearest: null })).toMatch(/a section on “routing cache”/);
    expect(writingHint('x', { outcome: 'uncertain', cause: null, unknownWords: [], nearest: null })).toMatch(/state the answer/);
  });
  it('prefills a new-issue link only when a repository is configured', () => {
    const period = { from: '2026-03-01', to: '2026-03-30' };
    expect(issueLink(null, { queries: ['a'], count: 1 }, null, period)).toBeNull();
    const url = new URL(issueLink('https://github.com/org/docs/issues/new', { queries: ['deploy vercel', 'deploying to vercel'], count: 5 }, 'Write it.', period)!);
    expect(url.searchParams.get('title')).toBe('Docs gap: deploy vercel');
    expect(url.searchParams.get('body')).toContain('5 times from 2026-03-01 to 2026-03-30');
    expect(url.searchParams.get('body')).toContain('- deploying to vercel');
  });
  it('lists the pages never shown, in pack order', () => {
    expect(neverShown(['/a/', '/b/', '/c/'], [{ page: '/b/', shown: 1, clicks: 0 }])).toEqual(['/a/', '/c/']);
  });
  it('writes CSV a spreadsheet cannot run', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('a,b')).toBe('"a,b"');
    expect(queriesCsv([row('q', { clicks: 2, clickRankSum: 3 })]).split('\r\n')).toEqual(['query,searches,answers,uncertain,fallbacks,zero_results,agent,clicks,mean_clicked_rank', 'q,1,0,0,1,0,0,2,1.5', '']);
    const lookup = { outcome: 'fallback' as const, cause: 'not-covered' as const, unknownWords: ['helm'], nearest: { title: 'Deploy, anywhere', url: '/deploy/' } };
    expect(
      gapsCsv([
        { key: 'helm', queries: ['-helm', 'helm chart'], count: 3, agent: 1, lookup, hint: 'Write it.', issueUrl: null },
        { key: 'zebra', queries: ['zebra'], count: 1, agent: 0, lookup: null, hint: null, issueUrl: null },
      ]).split('\r\n'),
    ).toEqual([
      'phrasings,unanswered,agent,cause,nearest_title,nearest_url,hint,issue_url',
      // A phrasing a reader typed with a leading "-" is text, not a formula; a gap past the looked-up ones has only its counts.
      `'-helm | helm chart,3,1,not-covered,"Deploy, anywhere",/deploy/,Write it.,`,
      'zebra,1,0,,,,,',
      '',
    ]);
  });
});
