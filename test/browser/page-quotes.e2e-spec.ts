/// <reference lib="dom" />
import { answerJson, firstSentence, offeredSources, QUESTION } from '../client/support/scripted-answer.js';
import { answerDone, askInPage, LAST_ANSWER, logIn } from './support/browser.js';
import { moreSources, pageTestbed } from './support/page-testbed.js';

/**
 * A source card shows the quote that supports the paragraph, highlighted in the source's text, and the
 * verdict. Needs the service's support check (`support` with verified quotes in `[CITATION_PARAGRAPH]`).
 */
describe('the web page showing supported quotes', () => {
  const bed = pageTestbed({ env: { CITATION_QUOTES: 'true' }, prepare: moreSources });
  const { fake } = bed;

  it('highlights the verified quote in the source and shows the verdict', async () => {
    // Learn what E1 is for this question, then answer with its first sentence, word for word.
    fake.enqueue({ content: answerJson([]) });
    await bed.client.ask({ conversationUuid: bed.conversation, prompt: QUESTION }).finished;
    const quote = firstSentence(offeredSources(fake).get('E1')!);

    const { page } = bed;
    await logIn(page, bed.server.baseUrl);
    // The model quotes the words it relies on; the server verifies them against E1 and sends their place.
    const quoted = { paragraphs: [{ text: quote, citationIds: ['E1'], quotes: [{ citationId: 'E1', text: quote }] }] };
    fake.enqueue({ content: JSON.stringify(quoted), chunkSizes: [6], delayMs: 5 });
    await askInPage(page, QUESTION);
    await answerDone(page);
    await page.click(`${LAST_ANSWER} [data-testid=citation-number]`);
    const card = page.locator('[data-testid=source-card]');
    // The verified span covers the quoted words; punctuation at its end is not part of the match.
    expect(await card.locator('[data-testid=quote]').textContent()).toBe(quote.replace(/\p{P}+$/u, ''));
    expect(await card.locator('[data-testid=verdict]').textContent()).toMatch(/^Found in the source/);
    expect(await page.getAttribute(`${LAST_ANSWER} [data-testid=citation-number]`, 'class')).toMatch(
      /(^|\s)verified(\s|$)/,
    );
  }, 90_000);
});
