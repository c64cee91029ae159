/**
 * The answer card in real Chromium: the Worker's extractive `answer` above the results for an
 * `answer` verdict only, its source and "Read more" link, the events when it is shown and
 * followed, and `no-answer-card`.
 */
import { describe, expect, it } from 'vitest';
import { STRINGS } from '../../src/widget/strings.ts';
import { answer, answeredResults, hit, judgedAnswer, lowAnswer, PASSAGE, sampleResults, useWidgetHarness, type Reply } from '../support/widget-harness.ts';

const h = useWidgetHarness();
const EN = STRINGS.en;

/** An answer whose verdict carries an explicit outcome, as the current Worker sends it. */
function withOutcome(reply: Reply, outcome: 'answer' | 'uncertain'): Reply {
  const body = reply.body as { confidence: Record<string, unknown> };
  return { ...reply, body: { ...body, confidence: { ...body.confidence, outcome, level: outcome === 'answer' ? 'high' : 'low' } } };
}

async function typeQuery(query: string, attrs = ''): Promise<void> {
  await h.page.goto(h.fixture(`<recall-box debounce="0" ${attrs}></recall-box>`));
  await h.page.evaluate(() => {
    const w = window as unknown as { events: Array<{ type: string; detail: unknown }> };
    w.events = [];
    for (const type of ['recall-box:answer', 'recall-box:results', 'recall-box:confidence', 'recall-box:select']) {
      document.addEventListener(type, (e) => w.events.push({ type, detail: (e as CustomEvent).detail }));
    }
  });
  await h.page.getByRole('combobox', { name: EN.label }).fill(query);
  // The results, or the fallback's button that reveals them.
  await h.page.locator('recall-box [role="option"], recall-box [part~="show-anyway"]').first().waitFor();
}

const events = () => h.page.evaluate(() => (window as unknown as { events: Array<{ type: string; detail: Record<string, unknown> }> }).events);
const card = () => h.page.locator('recall-box [part~="answer"]');

describe('the answer card', () => {
  it('shows the top result\'s passage with its matches marked, where it comes from and a link to the section, above the results', async () => {
    h.reply = (q) => withOutcome(answer(q, answeredResults()), 'answer');
    await typeQuery('route parameters');
    const region = h.page.getByRole('region', { name: EN.answer });
    await region.waitFor();
    expect(await card().locator('[part~="answer-text"]').textContent()).toBe(PASSAGE);
    expect(await card().locator('[part~="answer-text"] mark').allTextContents()).toEqual(['Route', 'parameters']);
    expect(await card().locator('[part~="answer-breadcrumb"]').textContent()).toBe('Routing › Route parameters');
    const link = card().getByRole('link', { name: `${EN.readMore}: Route parameters` });
    // With the passage's matched words for the highlight script.
    expect(await link.getAttribute('href')).toBe('/guides/routing/?rb-highlight=route+parameters#route-parameters');
    // Above the list: the card comes first in the dropdown.
    const order = await h.page.evaluate(() => {
      const root = document.querySelector('recall-box')!.shadowRoot!;
      const a = root.querySelector('[part~="answer"]')!;
      const list = root.querySelector('[role="listbox"]')!;
      return a.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    expect(order).toBeTruthy();
    // Reported once, after the answer's other events.
    await expect.poll(async () => (await events()).map((e) => e.type)).toEqual(['recall-box:results', 'recall-box:confidence', 'recall-box:answer']);
    expect((await events())[2]!.detail).toEqual({ query: 'route parameters', url: '/guides/routing/#route-parameters', title: 'Route parameters' });
  });

  it('shows the Worker\'s answer sentences, not the evidence passage, on the result the answer names', async () => {
    const sentences = 'Read a route parameter with c.req.param("id").';
    h.reply = (q) => {
      const r = withOutcome(answer(q, answeredResults()), 'answer');
      const body = r.body as Record<string, unknown>;
      return { body: { ...body, answer: { ...(body.answer as object), text: sentences, highlights: [[7, 12]] } } };
    };
    await typeQuery('route parameters');
    await card().waitFor();
    expect(await card().locator('[part~="answer-text"]').textContent()).toBe(sentences);
    expect(await card().locator('[part~="answer-text"] mark').allTextContents()).toEqual(['route']);
  });

  it('reports following it as recall-box:select from the answer (cancelable), position 1', async () => {
    h.reply = (q) => withOutcome(answer(q, answeredResults()), 'answer');
    await typeQuery('route parameters');
    await h.page.evaluate(() => document.addEventListener('recall-box:select', (e) => e.preventDefault()));
    await card().getByRole('link').click();
    const selected = (await events()).filter((e) => e.type === 'recall-box:select');
    expect(selected.map((e) => e.detail)).toEqual([{ query: 'route parameters', url: '/guides/routing/#route-parameters', title: 'Route parameters', position: 1, source: 'answer' }]);
    // Cancelled: the reader is still on the page, the box still open.
    expect(new URL(h.page.url()).pathname).toMatch(/^\/fixture-/);
  });

  it.each([
    ['an uncertain verdict', (q: string) => withOutcome(answer(q, answeredResults()), 'uncertain')],
    ['the fallback\'s revealed matches', (q: string) => lowAnswer(q, answeredResults())],
    ['a top result without a passage', (q: string) => withOutcome(answer(q, sampleResults()), 'answer')],
    ['an answer without the Worker\'s `answer` (its evidence passage alone is no answer)', (q: string) => {
      const r = withOutcome(answer(q, answeredResults()), 'answer');
      return { body: { ...(r.body as Record<string, unknown>), answer: null } };
    }],
    ['a top result whose URL is refused', (q: string) => withOutcome(answer(q, [{ ...answeredResults()[0]!, url: 'javascript:alert(1)' }, hit()]), 'answer')],
    ['an older Worker\'s answer without a verdict', (q: string) => {
      const r = answer(q, answeredResults());
      const { confidence: _dropped, ...body } = r.body as Record<string, unknown>;
      return { body };
    }],
  ])('is not shown for %s', async (_name, reply) => {
    h.reply = reply;
    await typeQuery('route parameters');
    const reveal = h.page.getByRole('button', { name: EN.showAnyway });
    if (await reveal.isVisible()) await reveal.click();
    await h.page.locator('recall-box [role="option"]').first().waitFor();
    expect(await card().count()).toBe(0);
    expect((await events()).some((e) => e.type === 'recall-box:answer')).toBe(false);
  });

  it('is turned off and on by no-answer-card', async () => {
    h.reply = (q) => withOutcome(answer(q, answeredResults()), 'answer');
    await typeQuery('route parameters', 'no-answer-card');
    expect(await card().count()).toBe(0);
    await h.page.evaluate(() => document.querySelector('recall-box')!.removeAttribute('no-answer-card'));
    await card().waitFor();
    await h.page.evaluate(() => document.querySelector('recall-box')!.setAttribute('no-answer-card', ''));
    await expect.poll(() => card().count()).toBe(0);
  });

  it('goes when the next answer has none', async () => {
    h.reply = (q) => (q === 'route parameters' ? withOutcome(answer(q, answeredResults()), 'answer') : judgedAnswer(q, sampleResults(), 'medium'));
    await typeQuery('route parameters');
    await card().waitFor();
    await h.page.getByRole('combobox', { name: EN.label }).fill('install');
    await h.requestFor('install');
    await expect.poll(() => card().count()).toBe(0);
  });
});
