/// <reference lib="dom" />
import { pageTestbed } from './support/page-testbed.js';

/** `/docs`, the API document in the installed Swagger UI, as a reader opens it in Chromium. */
describe('the API document page', () => {
  const bed = pageTestbed({ model: false });

  it('shows no error banner, the ask endpoint first, and summaries in words', async () => {
    const { page } = bed;
    await page.goto(`${bed.server.baseUrl}/docs`);
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
