/// <reference lib="dom" />
import { answerJson, QUESTION, THREE_PARAGRAPHS } from '../client/support/scripted-answer.js';
import { answerDone, askInPage, LAST_ANSWER, paragraphsOf } from './support/browser.js';
import { gate } from '../support/fake-openai.js';
import { moreSources, pageTestbed } from './support/page-testbed.js';

/**
 * Reloading the page during an answer: the page keeps the answer's uuid and last event id, and resumes the
 * stream with `Last-Event-ID`. Needs the service's `X-Answer-Uuid` header and
 * `GET /conversation/message/stream/{answerUuid}`, and `resumable` asks that keep writing while the reader is away.
 */
describe('the web page resuming an answer after a reload', () => {
  const bed = pageTestbed({ prepare: moreSources, loggedIn: true });
  const { fake } = bed;

  it('shows the whole answer once, after a reload in the middle of it', async () => {
    const { page } = bed;
    // The model is held before the last paragraph until the page is back on the answer after the reload.
    const resumedSeen = gate();
    fake.enqueue({
      content: answerJson(THREE_PARAGRAPHS),
      chunkSizes: [4],
      holds: [{ before: THREE_PARAGRAPHS[2]!.text, until: resumedSeen.opened }],
    });
    await askInPage(page, QUESTION);
    await page.waitForSelector(`${LAST_ANSWER} [data-testid=citation-number]`);
    expect(await page.getAttribute(LAST_ANSWER, 'data-status')).toBe('streaming');

    await page.reload();
    // Back on the same answer while it is still being written, from where it was.
    const resumed = await page.waitForFunction(
      (selector) => {
        const answer = document.querySelector(selector);
        return answer?.querySelector('[data-testid=paragraph]') ? answer.getAttribute('data-status') : null;
      },
      LAST_ANSWER,
      { polling: 'raf' },
    );
    expect(['streaming', 'reconnecting']).toContain(await resumed.jsonValue());
    resumedSeen.open();
    await answerDone(page);
    expect(await paragraphsOf(page)).toEqual([
      { text: THREE_PARAGRAPHS[0]!.text, numbers: ['1'] },
      { text: THREE_PARAGRAPHS[1]!.text, numbers: ['1', '2'] },
      { text: THREE_PARAGRAPHS[2]!.text, numbers: ['2'] },
    ]);
    expect(await page.locator('[data-testid=turns] .turn').count()).toBe(1);
    // The model was asked once: the answer went on being written while the page reloaded.
    expect(fake.requests.filter((request) => request.body.stream === true)).toHaveLength(1);
  }, 90_000);

  it('stops an answer: what was shown stays, and the answer ends', async () => {
    const { page } = bed;
    // Never let go: the model is still writing when Stop is clicked.
    fake.enqueue({
      content: answerJson(THREE_PARAGRAPHS),
      chunkSizes: [3],
      holds: [{ before: THREE_PARAGRAPHS[1]!.text, until: gate().opened }],
    });
    await askInPage(page, QUESTION);
    await page.waitForSelector(`${LAST_ANSWER} [data-testid=citation-number]`);
    await page.click('[data-testid=stop]');
    await answerDone(page);
    expect((await paragraphsOf(page)).length).toBeLessThan(3);
    await page.waitForSelector('[data-testid=ask]');
  }, 90_000);
});
