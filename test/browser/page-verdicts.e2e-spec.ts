/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { jsonApi } from '../support/knowledge-api.js';
import { answerJson } from '../client/support/scripted-answer.js';
import { answerDone, askInPage, LAST_ANSWER } from './support/browser.js';
import { pageTestbed, type PageTestbed } from './support/page-testbed.js';

/** Rewritten when UPDATE_SCREENSHOT=1, else written to a temporary file. */
const SCREENSHOT =
  process.env.UPDATE_SCREENSHOT === '1'
    ? fileURLToPath(new URL('../../docs/verdicts.png', import.meta.url))
    : join(tmpdir(), `citation-stream-verdicts-${process.pid}.png`);

/** The one document of the knowledge base: short enough to be one chunk, so that it is E1. */
const LAMP = 'The lamp of the Aldwick lighthouse turns once every 30 seconds.';
const DOCUMENT = `Aldwick lighthouse stands on the northern cliff above the harbour. ${LAMP} Keepers trim the wick each evening before sunset.`;
/** The answer: the source's sentence word for word, a rewording the check cannot match, the sentence with its number changed. */
const PARAGRAPHS = [
  { text: LAMP, citationIds: ['E1'] },
  { text: 'Mariners find the coast safer thanks to careful staff routines.', citationIds: ['E1'] },
  { text: LAMP.replace('30 seconds', '45 seconds'), citationIds: ['E1'] },
];

/** The page's rendering of one citation number: its verdict, and the mark the style sheet draws after it. */
function citationOf(page: Page, paragraph: number) {
  return page.$eval(
    `${LAST_ANSWER} [data-testid=paragraph][data-index="${paragraph}"] [data-testid=citation-number]`,
    (button) => ({
      verdict: button.getAttribute('data-verdict'),
      mark: getComputedStyle(button, '::after').content,
    }),
  );
}

/** The verified, unverified and contradicted citations of one answer, as the reader sees them. */
describe('the web page showing the support check’s verdicts', () => {
  /** A knowledge base holding the one document, and a conversation on it. */
  const addDocument = async ({ server, token, client }: PageTestbed) => {
    const api = jsonApi(server.baseUrl);
    const base = await api.createBase(token, 'Lighthouse log', false);
    await api.addDocuments(token, base.uuid, { 'aldwick.txt': DOCUMENT });
    await client.addConversation('Aldwick lighthouse', [base.id]);
  };
  const bed = pageTestbed({ prepare: addDocument, loggedIn: true });
  const { fake } = bed;

  it('marks a verified citation quietly, an unverified one not at all, and warns of a contradicted one', async () => {
    const { page } = bed;
    await page.click('[data-testid=conversations] >> text=Aldwick lighthouse');
    fake.enqueue({ content: answerJson(PARAGRAPHS), chunkSizes: [12], delayMs: 5 });
    await askInPage(page, 'How often does the lamp of the Aldwick lighthouse turn?');
    await answerDone(page);
    // The model was offered the document as E1.
    expect(
      fake.requests
        .at(-1)!
        .body.messages.map((message) => message.content)
        .join('\n'),
    ).toContain(`[E1]`);

    expect(await citationOf(page, 0)).toEqual({ verdict: 'verified', mark: '"✓"' });
    expect(await citationOf(page, 1)).toEqual({ verdict: 'unverified', mark: 'none' });
    expect(await citationOf(page, 2)).toEqual({ verdict: 'contradicted', mark: '"!"' });
    // One warning, under the contradicted paragraph, saying what disagrees.
    const warnings = page.locator(`${LAST_ANSWER} [data-testid=contradiction]`);
    expect(await warnings.count()).toBe(1);
    expect(await warnings.textContent()).toBe(
      '⚠ The source says otherwise. Source 1: the answer says “every 45 seconds”; the source says “every 30 seconds”. ',
    );
    const warned = await page.$eval(`${LAST_ANSWER} [data-testid=contradiction]`, (note) =>
      note.previousElementSibling?.getAttribute('data-index'),
    );
    expect(warned).toBe('2');

    // The unverified citation's card says the check could not tell, and warns of nothing.
    const card = page.locator('[data-testid=source-card]');
    await page.click(`${LAST_ANSWER} [data-testid=paragraph][data-index="1"] [data-testid=citation-number]`);
    expect(await card.locator('[data-testid=verdict]').textContent()).toMatch(/^Not verified: the check could not/);
    expect(await card.locator('[role=alert], mark').count()).toBe(0);
    await page.locator('.overlay').click({ position: { x: 2, y: 2 } });
    await card.waitFor({ state: 'detached' });

    // The contradicted citation's card: what disagrees, and the source sentence it disagrees with.
    await page.click(`${LAST_ANSWER} [data-testid=paragraph][data-index="2"] [data-testid=citation-number]`);
    expect(await card.locator('[data-testid=verdict]').textContent()).toMatch(/^The source says otherwise/);
    expect(await card.locator('[data-testid=conflict]').textContent()).toBe(
      'The answer says “every 45 seconds”; the source says “every 30 seconds”.',
    );
    expect(await card.locator('mark.conflict').allTextContents()).toEqual([LAMP]);
    await page.keyboard.press('Escape');

    // The verified citation's card: the evidence sentence highlighted in the source.
    await page.click(`${LAST_ANSWER} [data-testid=paragraph][data-index="0"] [data-testid=citation-number]`);
    expect(await card.locator('[data-testid=verdict]').textContent()).toMatch(/^Found in the source/);
    expect(await card.locator('mark.evidence').allTextContents()).toEqual([LAMP]);
    expect(await card.locator('[data-testid=source-text]').textContent()).toBe(DOCUMENT);
    mkdirSync(join(SCREENSHOT, '..'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    await page.keyboard.press('Escape');

    // Read back from the stored answer after a reload, the verdicts and the warning are the same.
    await page.reload();
    await page.click('[data-testid=conversations] >> text=Aldwick lighthouse');
    await page.waitForSelector(`${LAST_ANSWER} [data-testid=contradiction]`);
    expect([await citationOf(page, 0), await citationOf(page, 1), await citationOf(page, 2)]).toEqual([
      { verdict: 'verified', mark: '"✓"' },
      { verdict: 'unverified', mark: 'none' },
      { verdict: 'contradicted', mark: '"!"' },
    ]);
    expect(await page.locator(`${LAST_ANSWER} [data-testid=conflict]`).textContent()).toContain('“every 45 seconds”');
  }, 90_000);
});
