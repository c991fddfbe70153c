import { type Browser } from 'playwright-core';
import { launchChromium } from './support/chromium';
import { type TestApp, startTestApp } from './support/test-app';

const TOKEN = 'ui-limit-token-0123456789';
const LIMIT = 3;

describe('the /ui page of a client over its request budget, in a real browser', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startTestApp({ config: { auth_tokens: [TOKEN], rate_limit_requests_per_minute: LIMIT } });
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('loads every file of its own, and shows the API calls refused with 429 as a banner with the wait from Retry-After', async () => {
    // The budget of 127.0.0.1, the browser's address too, is spent before the page opens.
    for (let i = 0; i < LIMIT; i++) expect((await fetch(`${app.url}/workflows`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    const refused = await fetch(`${app.url}/workflows`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);

    const page = await browser.newPage();
    const answers: { url: string; status: number }[] = [];
    page.on('response', (response) => answers.push({ url: new URL(response.url()).pathname, status: response.status() }));
    await page.addInitScript((value) => sessionStorage.setItem('workflow-service.token', value), TOKEN);
    await page.goto(`${app.url}/ui/`);
    await page.waitForSelector('#rate-limit:not([hidden])');

    const own = answers.filter(({ url }) => url.startsWith('/ui/'));
    expect(own.map(({ url }) => url)).toEqual(expect.arrayContaining(['/ui/', '/ui/app.js', '/ui/api.js', '/ui/ui.css', '/ui/vendor/dagre.esm.js']));
    expect(own.filter(({ status }) => status !== 200)).toEqual([]);
    const api = answers.filter(({ url }) => url.startsWith('/workflows'));
    expect(api.length).toBeGreaterThan(0);
    expect(api.every(({ status }) => status === 429)).toBe(true);

    const text = (await page.textContent('#rate-limit'))!;
    expect(text).toContain('Request limit reached');
    const shown = Number(/asks again in (\d+) s/.exec(text)?.[1]);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(wait);
    // The banner, not the envelope, is what the user reads; the error notice stays hidden.
    expect(await page.isHidden('#notice')).toBe(true);
    expect(await page.textContent('body')).not.toContain('"success"');
    // The wait counts down.
    await page.waitForFunction((before) => Number(document.querySelector<HTMLElement>('#rate-limit')!.dataset.retryAfter) < before, shown, { timeout: 5000 });
    await page.close();
  }, 60_000);
});
