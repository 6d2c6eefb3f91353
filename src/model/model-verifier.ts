import type OpenAI from 'openai';
import type { CitationVerdict } from '../citation/citation-events.js';
import { readVerdicts, type LateVerifier } from '../citation/support/model-verifier.js';
import type { SupportSource } from '../citation/support/support-verifier.js';

const INSTRUCTIONS = `You check citations. Given a paragraph and the sources cited for it, judge each source on its
own: does a careful reader of that source alone accept the paragraph's claims that rest on it? Sources and paragraph
may be in different languages. For each source answer one verdict:
- "entailed": the source states or directly implies the claims;
- "not enough information": the source does not speak to the claims, or only partly;
- "contradicted": the source says otherwise. Then also give "conflict": {"kind", "claim", "source"}, where kind is
  one of number, unit, date, name, negation, "claim" quotes the paragraph's words that disagree and "source" quotes
  the source's words they disagree with, each a few words, verbatim. Leave "conflict" out if no kind fits.
Reply with one JSON object only, one entry per source:
{"verdicts":[{"citationId":"E1","verdict":"contradicted","score":0.1,"conflict":{"kind":"number","claim":"30 trams",
"source":"24 trams"}}]}
score: your confidence, from 0 to 1, that the source supports the paragraph.`;

/**
 * The model verifier: one chat completion per paragraph on an OpenAI-compatible server. It judges what the
 * lexical check cannot: paraphrase beyond shared words, and sources in another language than the answer.
 */
export class ModelVerifier implements LateVerifier {
  readonly name = 'model';

  /** `client`: made by openAiClient; `model`: the verifier model. */
  constructor(
    private readonly client: OpenAI,
    private readonly model: string,
  ) {}

  async verify(
    paragraph: string,
    sources: readonly SupportSource[],
    signal?: AbortSignal,
  ): Promise<CitationVerdict['verdicts']> {
    const listed = sources.map((source) => `[${source.citationId}]\n${source.text}`).join('\n\n');
    const completion = await this.client.chat.completions.create(
      {
        model: this.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: `Sources:\n\n${listed}\n\nParagraph:\n${paragraph}` },
        ],
      },
      signal ? { signal } : {},
    );
    return readVerdicts(completion.choices[0]?.message.content ?? '', sources);
  }
}
