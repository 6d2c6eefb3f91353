import type { FakeOpenAi } from '../../support/fake-openai.js';

/** A question that retrieves several chunks of the sample knowledge base, so that E1 and E2 are offered. */
export const QUESTION = 'How do retrieval, chunks, paragraph-level citation numbers and streaming answers work?';

/** The model's JSON answer for these paragraphs. */
export function answerJson(paragraphs: { text: string; citationIds: string[] }[]): string {
  return JSON.stringify({ paragraphs });
}

/** Three paragraphs citing E1, E1 and E2, E2: numbers 1 and 2. */
export const THREE_PARAGRAPHS = [
  { text: 'Retrieval finds the chunks most relevant to the question.', citationIds: ['E1'] },
  { text: 'The model writes the answer with those chunks in its prompt.', citationIds: ['E1', 'E2'] },
  { text: 'Each paragraph carries the numbers of its sources.', citationIds: ['E2'] },
];

/** The sources the fake model was offered in its last request: citation id → chunk text. */
export function offeredSources(fake: FakeOpenAi): Map<string, string> {
  const prompt = fake.requests
    .at(-1)!
    .body.messages.map((message) => message.content)
    .join('\n');
  const sources = new Map<string, string>();
  const pattern = /^\[(E\d+)\] [^\n]*\n([^\n]+)/gm;
  for (const match of prompt.matchAll(pattern)) sources.set(match[1]!, match[2]!);
  return sources;
}

/** The first sentence of a text: a quote the server can find verbatim in its source. */
export function firstSentence(text: string): string {
  return /^[^.!?。！？]+[.!?。！？]/.exec(text)?.[0] ?? text;
}

/** Lets the sample knowledge base offer more of its chunks (6, any score), so that every question gets E1–E3. */
export async function offerMoreSources(
  client: { call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> },
  kbId: string,
): Promise<void> {
  await client.call('POST', '/knowledge-base/saveOrUpdate', {
    id: kbId,
    retrieveMaxResults: 6,
    retrieveMinScore: 0.01,
  });
}
