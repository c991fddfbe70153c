import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { type TestApp, startTestApp } from './support/test-app';

const CHROMIUM = '/usr/bin/chromium';

describe('the API documentation in a real browser', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`Chromium is required at ${CHROMIUM} (apt-get install -y chromium)`);
    app = await startTestApp();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('renders Swagger UI at /docs with every operation listed', async () => {
    const page = await browser.newPage();
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    await page.goto(`${app.url}/docs/`, { waitUntil: 'networkidle' });
    await page.waitForSelector('.opblock', { timeout: 20_000 });
    const operations = await page.$$eval('.opblock-summary-path', (nodes) => nodes.map((n) => n.getAttribute('data-path') ?? n.textContent ?? ''));
    expect(operations).toEqual(
      expect.arrayContaining(['/health', '/workflows', '/workflows/{execution_id}', '/workflows/{execution_id}/cancel', '/ide/workflows', '/ide/convert']),
    );
    expect(await page.title()).toContain('Workflow Execution Service');
    expect(failures).toEqual([]);
    await page.close();
  }, 60_000);
});
