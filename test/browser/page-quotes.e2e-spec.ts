/// <reference lib="dom" />
import { CitationClient } from '../../packages/client/src/index.js';
import { ADMIN, startWithModel, type RunningApp } from '../support/app.js';
import { FakeOpenAi } from '../support/fake-openai.js';
import {
  answerJson,
  firstSentence,
  offerMoreSources,
  offeredSources,
  QUESTION,
} from '../client/support/scripted-answer.js';
import {
  answerDone,
  askInPage,
  ensurePageBuilt,
  LAST_ANSWER,
  logIn,
  openBrowser,
  type OpenBrowser,
} from './support/browser.js';

/**
 * A source card shows the quote that supports the paragraph, highlighted in the source's text, and the
 * verdict. Needs the service's support check (`support` with verified quotes in `[CITATION_PARAGRAPH]`).
 */
describe('the web page showing supported quotes', () => {
  const fake = new FakeOpenAi();
  let server: RunningApp;
  let browser: OpenBrowser;
  let client: CitationClient;
  let conversation: string;

  beforeAll(async () => {
    ensurePageBuilt();
    ({ server, conversation } = await startWithModel(fake, {
      ASK_RATE_LIMIT_PER_MINUTE: '1000',
      CITATION_QUOTES: 'true',
    }));
    client = new CitationClient({ baseUrl: server.baseUrl });
    await client.login(ADMIN.email, ADMIN.password);
    const [first] = await client.listConversations();
    await offerMoreSources(client, first!.kbIds[0]!);
    browser = await openBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await fake.stop();
  });

  it('highlights the verified quote in the source and shows the verdict', async () => {
    // Learn what E1 is for this question, then answer with its first sentence, word for word.
    fake.enqueue({ content: answerJson([]) });
    await client.ask({ conversationUuid: conversation, prompt: QUESTION }).finished;
    const quote = firstSentence(offeredSources(fake).get('E1')!);

    const { page } = browser;
    await logIn(page, server.baseUrl);
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
