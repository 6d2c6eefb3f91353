/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { answerJson, QUESTION, THREE_PARAGRAPHS } from '../client/support/scripted-answer.js';
import { answerDone, askInPage, LAST_ANSWER, logIn, paragraphsOf } from './support/browser.js';
import { gate } from '../support/fake-openai.js';
import { moreSources, pageTestbed } from './support/page-testbed.js';

/** Where the README's screenshot lives; rewritten when UPDATE_SCREENSHOT=1, else written to a temporary file. */
const SCREENSHOT =
  process.env.UPDATE_SCREENSHOT === '1'
    ? fileURLToPath(new URL('../../docs/screenshot.png', import.meta.url))
    : join(tmpdir(), `citation-stream-screenshot-${process.pid}.png`);

/** The page the service serves at `/`, in Debian's Chromium, against the real service and a fake model. */
describe('the web page', () => {
  const bed = pageTestbed({ prepare: moreSources });
  const { fake } = bed;

  it('logs in and streams a cited answer: numbered paragraphs appear before the answer is done', async () => {
    const { page } = bed;
    await logIn(page, bed.server.baseUrl);
    // The model is held before the last paragraph until the first numbers have been seen.
    const numbersSeen = gate();
    fake.enqueue({
      content: answerJson(THREE_PARAGRAPHS),
      chunkSizes: [4],
      holds: [{ before: THREE_PARAGRAPHS[2]!.text, until: numbersSeen.opened }],
    });
    await askInPage(page, QUESTION);

    // The moment the first number shows, the answer is still streaming.
    const statusWhenNumbered = await page.waitForFunction(
      (selector) => {
        const answer = document.querySelector(selector);
        return answer?.querySelector('[data-testid=citation-number]') ? answer.getAttribute('data-status') : null;
      },
      LAST_ANSWER,
      { polling: 'raf' },
    );
    expect(await statusWhenNumbered.jsonValue()).toBe('streaming');
    expect((await paragraphsOf(page))[0]).toEqual({ text: THREE_PARAGRAPHS[0]!.text, numbers: ['1'] });
    numbersSeen.open();

    await answerDone(page);
    expect(await paragraphsOf(page)).toEqual([
      { text: THREE_PARAGRAPHS[0]!.text, numbers: ['1'] },
      { text: THREE_PARAGRAPHS[1]!.text, numbers: ['1', '2'] },
      { text: THREE_PARAGRAPHS[2]!.text, numbers: ['2'] },
    ]);
    // The sources under the answer, in number order.
    const sources = await page.$$eval(`${LAST_ANSWER} [data-testid=sources] li`, (items) =>
      items.map((item) => [item.getAttribute('value'), item.textContent]),
    );
    expect(sources.map(([number]) => number)).toEqual(['1', '2']);
    expect(await page.locator(`${LAST_ANSWER} [data-testid=notice-fallback]`).count()).toBe(0);

    // A number opens the source's card: its title and its text.
    const offered = fake.requests
      .at(-1)!
      .body.messages.map((message) => message.content)
      .join('\n');
    await page.click(`${LAST_ANSWER} [data-testid=paragraph] >> nth=1 >> [data-testid=citation-number] >> nth=1`);
    const card = page.locator('[data-testid=source-card]');
    await card.waitFor();
    const title = await card.locator('[data-testid=source-title]').textContent();
    expect(title).toBe(sources[1]![1]);
    // The card shows the source's paragraphs as blocks, under the document's name and the chunk's part of it.
    const [name] = title!.split(' · ');
    const sourceText = await card.locator('[data-testid=source-text]').innerText();
    const words = (text: string) => text.replace(/\s+/g, ' ').trim();
    expect(words(offered)).toContain(words(`[E2] ${name}\n${sourceText}`));

    mkdirSync(join(SCREENSHOT, '..'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    await page.keyboard.press('Escape');
    expect(await card.count()).toBe(0);
  }, 90_000);

  it('says so when the model broke the citation format', async () => {
    const { page } = bed;
    const broken = `{"paragraphs":[{"text":"A cited start.","citationIds":["E1"]},{"text":"then prose`;
    fake.enqueue({ content: `${broken} that never closes.`, chunkSizes: [9], delayMs: 5 });
    await askInPage(page, QUESTION);
    await answerDone(page);
    await page.locator(`${LAST_ANSWER} [data-testid=notice-fallback]`).waitFor();
    expect(await paragraphsOf(page)).toEqual([{ text: 'A cited start.', numbers: ['1'] }]);
    expect(await page.locator(`${LAST_ANSWER} [data-testid=pending]`).textContent()).toContain('that never closes.');
  }, 90_000);

  it('says "Stopped", not that the model broke the citation format, after Stop', async () => {
    const { page } = bed;
    // Never let go: the model is still writing when Stop is clicked.
    fake.enqueue({
      content: answerJson(THREE_PARAGRAPHS),
      chunkSizes: [3],
      holds: [{ before: THREE_PARAGRAPHS[1]!.text, until: gate().opened }],
    });
    await askInPage(page, QUESTION);
    await page.locator(`${LAST_ANSWER} [data-testid=paragraph]`).first().waitFor();
    await page.click('[data-testid=stop]');
    await answerDone(page);
    await page.locator(`${LAST_ANSWER} [data-testid=notice-stopped]`).waitFor();
    expect(await page.locator(`${LAST_ANSWER} [data-testid=notice-stopped]`).textContent()).toBe('Stopped.');
    expect(await page.locator(`${LAST_ANSWER} [data-testid=notice-fallback]`).count()).toBe(0);
  }, 90_000);

  it('uploads a document to a new knowledge base, attaches it, and answers from it', async () => {
    const { page } = bed;
    await page.click('nav >> text=Knowledge bases');
    await page.fill('input[name=knowledgeBaseTitle]', 'Lighthouse notes');
    await page.click('form.inline button[type=submit]');
    await page.locator('[data-testid=knowledge-bases] >> text=Lighthouse notes').click();
    const text = 'The zephyrine lighthouse keeper logs every passing ship in a green ledger.';
    await page.setInputFiles('input[type=file]', {
      name: 'lighthouse.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(text),
    });
    await page.waitForSelector('[data-testid=documents] li[data-status=DONE]');

    await page.click('nav >> text=Chat');
    await page.fill('input[name=conversationTitle]', 'About the lighthouse');
    await page.click('aside form.inline button[type=submit]');
    await page.waitForSelector('[data-testid=conversations] .item.active >> text=About the lighthouse');
    await page.check('input[data-kb="Lighthouse notes"]');
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLInputElement>('input[data-kb="Lighthouse notes"]')].every((i) => i.checked),
    );

    fake.enqueue({ content: answerJson([{ text: 'Every ship goes in a green ledger.', citationIds: ['E1'] }]) });
    await askInPage(page, 'What does the zephyrine keeper log?');
    await answerDone(page);
    expect(await paragraphsOf(page)).toEqual([{ text: 'Every ship goes in a green ledger.', numbers: ['1'] }]);
    await page.click(`${LAST_ANSWER} [data-testid=citation-number]`);
    const card = page.locator('[data-testid=source-card]');
    expect(await card.locator('[data-testid=source-title]').textContent()).toBe('lighthouse.md');
    expect(await card.locator('[data-testid=source-text]').textContent()).toBe(text);
    await card.locator('button').click();

    // Deleting the knowledge base, once confirmed, takes it off the list.
    await page.click('nav >> text=Knowledge bases');
    await page.locator('[data-testid=knowledge-bases] >> text=Lighthouse notes').click();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.click('.documents button.danger');
    await page.waitForSelector('[data-testid=knowledge-bases] >> text=Lighthouse notes', { state: 'detached' });
    await page.click('nav >> text=Chat');
  }, 90_000);

  it('speaks Chinese after the language switch', async () => {
    const { page } = bed;
    await page.click('[data-testid=language]');
    expect(await page.locator('[data-testid=ask]').textContent()).toBe('提问');
    await page.reload();
    expect(await page.locator('[data-testid=ask]').textContent()).toBe('提问');
    // After the reload, the conversation's earlier answers come back with their numbers, from the stored citations.
    await page.waitForSelector(`${LAST_ANSWER} [data-testid=citation-number]`);
    expect(await paragraphsOf(page)).toEqual([{ text: 'Every ship goes in a green ledger.', numbers: ['1'] }]);
    await page.click('[data-testid=language]');
    expect(await page.locator('[data-testid=ask]').textContent()).toBe('Ask');
  }, 90_000);
});
