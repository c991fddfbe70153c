import { type Browser } from 'playwright-core';
import { launchChromium } from './support/chromium';
import { type TestApp, startTestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

describe('the API documentation in a real browser', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchChromium();
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

  it("runs the multiply example from Try it out on POST /workflows, and the run's product is 13.5", async () => {
    const page = await browser.newPage();
    await page.goto(`${app.url}/docs/`, { waitUntil: 'networkidle' });
    const operation = page.locator('#operations-workflows-startWorkflow');
    await operation.locator('.opblock-summary').click();
    await operation.locator('.try-out__btn').click();
    const sent = JSON.parse(await operation.locator('textarea.body-param__text').inputValue()) as { input: unknown; metadata: { execution_id: string } };
    expect(sent.input).toEqual({ x: 3, y: 4.5 });
    await operation.locator('.execute').click();
    const status = operation.locator('.live-responses-table tr.response .response-col_status');
    await status.waitFor({ timeout: 20_000 });
    expect((await status.textContent())?.trim()).toBe('200');
    await waitFor(async () => (await app.store.get(sent.metadata.execution_id))?.status === 'completed', { what: 'the run to complete' });
    expect((await app.store.get(sent.metadata.execution_id))?.result?.outputs).toEqual({ product: 13.5 });
    await page.close();
  }, 60_000);
});
