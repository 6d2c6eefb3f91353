/// <reference lib="dom" />
import type { FakeOpenAi } from '../support/fake-openai.js';
import { jsonApi } from '../support/knowledge-api.js';
import { answerJson } from '../client/support/scripted-answer.js';
import { answerDone, askInPage, LAST_ANSWER } from './support/browser.js';
import { pageTestbed, type PageTestbed } from './support/page-testbed.js';

const LAMP = 'The lamp of the Aldwick lighthouse turns every 30 seconds.';
const BOATS = 'The harbour of Aldwick shelters twelve fishing boats in winter.';
/** A markdown document cut into several chunks, with markup to hide and HTML that must stay text. */
const GUIDE = `# Aldwick guide

${LAMP}

Keepers trim the **wick** each evening <img src="x" data-injected="yes"> before sunset.

## Harbour

${BOATS}

Boats leave at dawn and come back before the evening tide turns.
`;
/** The sources the fake model was last offered, whole (a source's text runs over several lines): id and text. */
function offeredSources(fake: FakeOpenAi): [string, string][] {
  const prompt = fake.requests
    .at(-1)!
    .body.messages.map((message) => message.content)
    .join('\n');
  return prompt.split(/\n\n(?=\[[EG]\d+\] )/).flatMap((part) => {
    const match = /^\[(E\d+)\] [^\n]*\n([\s\S]*)$/.exec(part);
    return match ? [[match[1]!, match[2]!] as [string, string]] : [];
  });
}

const QUESTION = 'How often does the Aldwick lamp turn, and how many boats does the harbour of Aldwick shelter?';

/** The source card as a reader sees it: readable text, evidence highlighted, chunks of one file told apart. */
describe('the source card', () => {
  /** A knowledge base holding the guide, cut into small chunks, and a conversation on it. */
  const addGuide = async ({ server, token, client }: PageTestbed) => {
    const api = jsonApi(server.baseUrl);
    const base = await api.createBase(token, 'Aldwick', false);
    await api.call('POST', '/knowledge-base/saveOrUpdate', token, {
      id: base.id,
      retrieveMaxResults: 6,
      retrieveMinScore: 0.01,
    });
    await api.addDocuments(token, base.uuid, { 'guide.md': GUIDE });
    await client.addConversation('Aldwick guide', [base.id]);
  };
  const bed = pageTestbed({
    env: { KNOWLEDGE_CHUNK_CHARS: '180', KNOWLEDGE_CHUNK_OVERLAP: '0' },
    prepare: addGuide,
    loggedIn: true,
  });
  const { fake } = bed;

  it('renders the chunk as readable text with the evidence marked, and titles chunks of one file by their part', async () => {
    const { page } = bed;
    await page.click('[data-testid=conversations] >> text=Aldwick guide');
    // A first answer shows which source holds which sentence; the second cites them.
    await askInPage(page, QUESTION);
    await answerDone(page);
    const sources = offeredSources(fake);
    const idOf = (sentence: string) => sources.find(([, text]) => text.includes(sentence))?.[0];
    const lampId = sources.find(([, text]) => text.includes('Aldwick guide'))![0];
    expect(idOf(BOATS)).toBeDefined();
    expect(idOf(BOATS)).not.toBe(lampId);
    fake.enqueue({
      content: answerJson([
        { text: LAMP, citationIds: [lampId] },
        { text: BOATS, citationIds: [idOf(BOATS)!] },
      ]),
    });
    await askInPage(page, QUESTION);
    await answerDone(page);

    const card = page.locator('[data-testid=source-card]');
    await page.click(`${LAST_ANSWER} [data-testid=paragraph][data-index="0"] [data-testid=citation-number]`);
    const lampTitle = await card.locator('[data-testid=source-title]').textContent();
    expect(lampTitle).toMatch(/^guide\.md · part \d of \d$/);
    const text = card.locator('[data-testid=source-text]');
    // The heading is a heading, without its `# `; paragraphs are blocks of their own; no markup shows.
    expect((await text.locator('h4').allTextContents())[0]).toBe('Aldwick guide');
    expect(await text.textContent()).not.toMatch(/#|\*\*/);
    expect(await text.locator('p').count()).toBeGreaterThanOrEqual(2);
    // The evidence sentence is marked, at the right characters.
    expect(await card.locator('mark.evidence').allTextContents()).toEqual([LAMP]);
    // HTML in the source is shown as text, never run.
    expect(await text.textContent()).toContain('<img src="x" data-injected="yes">');
    expect(await card.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
    await page.keyboard.press('Escape');

    // The other chunk of the same file: the same name, another part.
    await page.click(`${LAST_ANSWER} [data-testid=paragraph][data-index="1"] [data-testid=citation-number]`);
    const boatsTitle = await card.locator('[data-testid=source-title]').textContent();
    expect(boatsTitle).toMatch(/^guide\.md · part \d of \d$/);
    expect(boatsTitle).not.toBe(lampTitle);
    expect(await card.locator('mark.evidence').allTextContents()).toEqual([BOATS]);
    await page.keyboard.press('Escape');
  }, 60_000);

  it('has an icon', async () => {
    const { page } = bed;
    const href = await page.getAttribute('link[rel=icon]', 'href');
    const icon = await fetch(new URL(href!, bed.server.baseUrl));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await icon.text()).toMatch(/^<svg /);
  });
});
