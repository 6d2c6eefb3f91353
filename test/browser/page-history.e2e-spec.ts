/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { answerJson } from '../client/support/scripted-answer.js';
import { answerDone, askInPage, LAST_ANSWER, logIn } from './support/browser.js';
import { gate } from '../support/fake-openai.js';
import { pageTestbed, type PageTestbed } from './support/page-testbed.js';

const ANSWERS = 25;
const questionOf = (i: number) => `Question number ${i}?`;
const paragraphsOf = (i: number) => [
  { text: `Answer ${i}: citation numbers are given in the order sources are first cited.`, citationIds: ['E1'] },
  { text: `Answer ${i}, second paragraph: a number never changes once shown.`, citationIds: [] },
];

/** How far the page is from its bottom, in pixels. */
const fromBottom = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    return root.scrollHeight - root.clientHeight - root.scrollTop;
  });
const shownQuestions = (page: Page) =>
  page.$$eval('[data-testid=turns] .turn .question', (nodes) => nodes.map((node) => node.textContent ?? ''));

/** A long conversation in the page: it opens at its newest answer, with one citation call, older turns on demand. */
describe('a conversation with many answers, in the web page', () => {
  /** Earlier answers, asked through the client library. */
  const askEarlier = async ({ fake, client, conversation }: PageTestbed) => {
    for (let i = 1; i <= ANSWERS; i++) {
      fake.enqueue({ content: answerJson(paragraphsOf(i)), chunkSizes: [64] });
      const final = await client.ask({ conversationUuid: conversation, prompt: questionOf(i) }).finished;
      expect(final.status).toBe('done');
    }
  };
  const bed = pageTestbed({ prepare: askEarlier });
  const { fake } = bed;
  const citationCalls: string[] = [];

  beforeAll(() => {
    bed.page.on('request', (request) => {
      if (/\/conversation\/message\/citations?[/?]/.test(request.url())) citationCalls.push(request.url());
    });
  });

  it('opens scrolled to the newest answer, with one citation request, and loads older turns on demand', async () => {
    const { page } = bed;
    await logIn(page, bed.server.baseUrl);
    await page.waitForSelector('[data-testid=turns] .turn [data-testid=citation-number]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=turns] .turn').length >= 20);
    const questions = await shownQuestions(page);
    expect(questions).toHaveLength(20);
    expect(questions.at(-1)).toContain(questionOf(ANSWERS));
    expect(questions[0]).toContain(questionOf(ANSWERS - 19));
    // The page is far taller than the window, and it is at its bottom: the newest answer is in view.
    expect(await page.evaluate(() => document.documentElement.scrollHeight > 2 * innerHeight)).toBe(true);
    expect(await fromBottom(page)).toBeLessThanOrEqual(1);
    expect(await page.locator('[data-testid=turns] .turn:last-child [data-testid=answer]').isVisible()).toBe(true);
    // Every answer's citations came in one call.
    expect(citationCalls).toHaveLength(1);
    expect(citationCalls[0]).toContain('/conversation/message/citations?answerUuids=');

    // The five older turns come on demand, before the others, and the turn the reader was at does not move.
    await page.evaluate(() => scrollTo(0, 0));
    const topOf = (question: string) =>
      page.$$eval(
        '[data-testid=turns] .turn',
        (turns, wanted) =>
          Math.round(turns.find((turn) => turn.textContent?.includes(wanted))!.getBoundingClientRect().top),
        question,
      );
    const before = await topOf(questionOf(ANSWERS - 19));
    await page.click('[data-testid=load-earlier]');
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid=turns] .turn').length === count,
      ANSWERS,
    );
    const all = await shownQuestions(page);
    expect(all.map((text) => /Question number (\d+)/.exec(text)![1])).toEqual(
      Array.from({ length: ANSWERS }, (_, i) => String(i + 1)),
    );
    expect(await topOf(questionOf(ANSWERS - 19))).toBe(before);
    expect(citationCalls).toHaveLength(2);
    expect(await page.locator('[data-testid=load-earlier]').count()).toBe(0);
  }, 60_000);

  it('follows the answer being written, after a reload too, until the reader scrolls up', async () => {
    const { page } = bed;
    const long = Array.from({ length: 14 }, (_, i) => ({
      text: `Paragraph ${i} of a long answer, written slowly so that the page has to follow it down the screen.`,
      citationIds: [],
    }));
    // The model writes paragraphs 0 to 2, then 3 to 6 once the page is reloaded, then the rest once the reader
    // has scrolled up: each step comes while the page is in the state the test looks at.
    const reloaded = gate();
    const scrolledUp = gate();
    fake.enqueue({
      content: answerJson(long),
      chunkSizes: [8],
      holds: [
        { before: 'Paragraph 3 of', until: reloaded.opened },
        { before: 'Paragraph 7 of', until: scrolledUp.opened },
      ],
    });
    await askInPage(page, 'A long answer, please.');
    const paragraphsAtLeast = (count: number) =>
      page.waitForFunction(
        ([selector, wanted]) =>
          document.querySelectorAll(`${selector as string} [data-testid=paragraph]`).length >= wanted,
        [LAST_ANSWER, count] as const,
      );
    await paragraphsAtLeast(3);
    expect(await fromBottom(page)).toBeLessThanOrEqual(1);

    // Reloaded in the middle of it: the page opens at the answer being resumed, and keeps following it.
    await page.reload();
    reloaded.open();
    // Every paragraph before the next hold (0 to 6), and the earlier turns: either still arriving would scroll the
    // page after the reader does (the resumed answer can be shown before the history has loaded).
    await paragraphsAtLeast(7);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=turns] .turn').length >= 20);
    expect(await page.getAttribute(LAST_ANSWER, 'data-status')).not.toBe('done');
    expect(await fromBottom(page)).toBeLessThanOrEqual(1);

    // The reader scrolls up to read something else: the page stays there while the answer goes on.
    await page.evaluate(() => scrollTo(0, 0));
    scrolledUp.open();
    await answerDone(page);
    expect(await page.evaluate(() => document.documentElement.scrollTop)).toBe(0);
    expect(await page.locator(`${LAST_ANSWER} [data-testid=paragraph]`).count()).toBe(long.length);
  }, 60_000);
});
