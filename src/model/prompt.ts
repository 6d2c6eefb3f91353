import type { CatalogEntry } from '../citation/citation-catalog.js';
import type { ModelRequest } from './model-provider.js';

/**
 * The chat messages for one answer: the conversation's system message with the instructions, the earlier
 * exchanges of the conversation, then the offered sources and the question.
 */
export interface PromptMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

const INSTRUCTIONS = `You answer questions using only the sources given to you.
Answer with one JSON object and nothing else: {"paragraphs":[{"text":"...","citationIds":["E1"]}]}.
- Split the answer into short paragraphs. Each paragraph's "text" is plain prose for the reader.
- "citationIds" lists the ids of the sources that paragraph rests on: only ids that appear in the sources below,
  at most three per paragraph, and an empty list when a paragraph rests on none of them.
- Never write citation markers such as [E1] or (source E1) inside "text"; citations go in "citationIds" only.
- If the sources do not cover the question, do not guess: answer with one paragraph, without citations, saying
  that the knowledge base holds nothing that answers it.
- Answer in the language of the question.`;

const REPAIR = `Your previous reply could not be read. Reply with the JSON object only: no code fence, no text
before or after it, exactly the keys "paragraphs", "text" and "citationIds".`;

const QUOTES = `- For each citation also give, in "quotes", the exact words of that source the paragraph relies on:
  {"citationId":"E1","text":"words copied from source E1"}. Copy them character for character; never invent a quote.`;

function describe(entry: CatalogEntry): string {
  if (entry.type === 'embedding') {
    return `[${entry.citationId}] ${entry.payload.title}\n${entry.payload.text}`;
  }
  const fact = entry.payload;
  const text =
    fact.kind === 'edge'
      ? `${fact.sourceName} —${fact.label}→ ${fact.targetName}: ${fact.description}`
      : `${fact.name} (${fact.label}): ${fact.description}`;
  return `[${entry.citationId}] knowledge-graph fact\n${text}`;
}

export function buildPrompt(
  request: Pick<ModelRequest, 'question' | 'catalog' | 'repair' | 'systemMessage' | 'history' | 'quotes'>,
): PromptMessage[] {
  const { question, catalog, repair } = request;
  const sources =
    catalog.entries.length === 0
      ? 'No sources were found for this question.'
      : catalog.entries.map(describe).join('\n\n');
  const format = request.quotes ? `${INSTRUCTIONS}\n${QUOTES}` : INSTRUCTIONS;
  const instructions = repair ? `${format}\n\n${REPAIR}` : format;
  // One system message: some chat templates accept no second one. The conversation's own comes first, and the
  // format instructions after it, so that a persona cannot talk the model out of the answer's format.
  const own = request.systemMessage?.trim() ?? '';
  const earlier = (request.history ?? []).flatMap((turn): PromptMessage[] => [
    { role: 'user', content: turn.question },
    { role: 'assistant', content: turn.answer },
  ]);
  return [
    { role: 'system', content: own === '' ? instructions : `${own}\n\n${instructions}` },
    ...earlier,
    { role: 'user', content: `Sources:\n\n${sources}\n\nQuestion: ${question}` },
  ];
}
