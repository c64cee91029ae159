import { describe, expect, it } from 'vitest';
import { answer, sampleResults, useWidgetHarness } from '../support/widget-harness.ts';

// The click beacon (issue 53): sent to /events beside the endpoint only when the Worker announces
// analytics on its answer, never with the opt-out attribute, and never holding up the navigation.

const h = useWidgetHarness();
const ROUTING = '<!doctype html><title>Routing</title><link rel="icon" href="data:,"><h1>Routing</h1><h2 id="route-parameters">Route parameters</h2>';

async function searchAndFollow(attributes = '') {
  h.pages.set('/guides/routing/', ROUTING);
  await h.page.goto(h.fixture(`<recall-box debounce="0" ${attributes}></recall-box>`));
  await h.page.locator('recall-box input').fill('route');
  await h.page.locator('recall-box [role="option"]').first().waitFor();
  // The navigation goes ahead whether a beacon is sent or not: the page arrives.
  await Promise.all([h.page.waitForURL('**/guides/routing/**'), h.page.locator('recall-box [role="option"]').first().click()]);
  await h.page.locator('h2#route-parameters').waitFor();
  // Time for a beacon to reach the server, had one been sent.
  await h.page.waitForTimeout(300);
}

describe('the click beacon', () => {
  it('sends none when the Worker does not announce analytics', async () => {
    h.reply = (q) => answer(q, sampleResults());
    await searchAndFollow();
    expect(h.beacons).toEqual([]);
  });

  it('sends one, as text/plain JSON with the query, rank and URL, when it does; the navigation goes ahead', async () => {
    h.reply = (q) => ({ ...answer(q, sampleResults()), headers: { 'X-Recall-Box-Analytics': 'on' } });
    await searchAndFollow();
    expect(h.beacons).toHaveLength(1);
    expect(h.beacons[0]!.contentType).toMatch(/^text\/plain/);
    expect(JSON.parse(h.beacons[0]!.body)).toEqual({ q: 'route', rank: 1, url: '/guides/routing/#route-parameters', index: '' });
  });

  it('sends none with no-analytics', async () => {
    h.reply = (q) => ({ ...answer(q, sampleResults()), headers: { 'X-Recall-Box-Analytics': 'on' } });
    await searchAndFollow('no-analytics');
    expect(h.beacons).toEqual([]);
  });
});
