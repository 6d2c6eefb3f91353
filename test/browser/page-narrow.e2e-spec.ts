/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { answerJson, QUESTION, THREE_PARAGRAPHS } from '../client/support/scripted-answer.js';
import { answerDone, askInPage, DESKTOP_VIEWPORT, paragraphsOf } from './support/browser.js';
import { pageTestbed } from './support/page-testbed.js';

/** How far the page is wider than the screen (0 when nothing sticks out sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The web page on a phone's width: nothing sticks out sideways, the list folds behind a toggle, asking works. */
describe('the web page on a phone', () => {
  const bed = pageTestbed({ loggedIn: true });
  const { fake } = bed;

  describe.each([360, 390])('%i px wide', (width) => {
    // Opened at the browser's usual width, then narrowed.
    beforeAll(async () => {
      await bed.page.setViewportSize(DESKTOP_VIEWPORT);
      await bed.page.reload();
      await bed.page.waitForSelector('[data-testid=conversations] li');
      await bed.page.setViewportSize({ width, height: 780 });
    });

    it('fits the width, folds the conversation list behind a toggle, and answers when Ask is clicked', async () => {
      const { page } = bed;
      expect(await overflow(page)).toBe(0);
      // The list is folded away; its toggle opens it, and choosing a conversation folds it again.
      expect(await page.isVisible('[data-testid=conversations]')).toBe(false);
      await page.click('[data-testid=sidebar-toggle]');
      await page.click('[data-testid=conversations] li:first-child button');
      expect(await page.isVisible('[data-testid=conversations]')).toBe(false);

      fake.enqueue({ content: answerJson(THREE_PARAGRAPHS), chunkSizes: [16] });
      const ask = page.locator('[data-testid=ask]');
      const box = (await ask.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await askInPage(page, QUESTION);
      await answerDone(page);
      expect((await paragraphsOf(page)).map((paragraph) => paragraph.text)).toEqual(
        THREE_PARAGRAPHS.map((paragraph) => paragraph.text),
      );
      expect(await overflow(page)).toBe(0);
    }, 60_000);
  });
});
