/// <reference lib="dom" />
import { startApp, type RunningApp } from '../support/app.js';
import { openBrowser, type OpenBrowser } from './support/browser.js';

/** `/docs`, the API document in the installed Swagger UI, as a reader opens it in Chromium. */
describe('the API document page', () => {
  let server: RunningApp;
  let browser: OpenBrowser;

  beforeAll(async () => {
    server = await startApp({});
    browser = await openBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows no error banner, the ask endpoint first, and summaries in words', async () => {
    const { page } = browser;
    await page.goto(`${server.baseUrl}/docs`);
    await page.waitForSelector('.opblock-tag-section');
    expect(await page.locator('.errors-wrapper').count()).toBe(0);
    const tags = await page.$$eval('.opblock-tag-section .opblock-tag', (nodes) =>
      nodes.map((node) => node.getAttribute('data-tag')),
    );
    expect(tags[0]).toBe('Ask');
    expect(tags.at(-1)).toBe('Not provided');
    const summaries = await page.$$eval('.opblock-summary-description', (nodes) =>
      nodes.map((node) => node.textContent ?? ''),
    );
    expect(summaries[0]).toMatch(/^Ask a question/);
    expect(summaries.filter((summary) => /Controller\./.test(summary))).toEqual([]);
  }, 60_000);
});
