import OpenAI from 'openai';
import type { CitationVerdict } from '../citation-events.js';
import type { SupportSource } from './support-verifier.js';

export interface ModelVerifierSettings {
  /** An OpenAI-compatible API root: the answering model's server, or one serving an NLI or fact-checking model. */
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

/** A verifier that takes its time: asked after a paragraph is sent, its verdicts arrive as a later event. */
export interface LateVerifier {
  readonly name: string;
  verify(
    paragraph: string,
    sources: readonly SupportSource[],
    signal?: AbortSignal,
  ): Promise<CitationVerdict['verdicts']>;
}

const INSTRUCTIONS = `You check citations. Given a paragraph and the sources cited for it, decide for each source
whether it supports what the paragraph says (a source supports the paragraph when a careful reader of the source
alone would accept the paragraph's claims that rest on it). Sources and paragraph may be in different languages.
Reply with one JSON object only: {"verdicts":[{"citationId":"E1","verdict":"supported","score":0.9}]}, one entry
per source, verdict "supported" or "unsupported", score your confidence that it supports, from 0 to 1.`;

/**
 * The model verifier: one chat completion per paragraph on an OpenAI-compatible server. It judges what the
 * lexical check cannot: paraphrase beyond shared words, and sources in another language than the answer.
 */
export class ModelVerifier implements LateVerifier {
  readonly name = 'model';
  private readonly client: OpenAI;

  constructor(private readonly settings: ModelVerifierSettings) {
    this.client = new OpenAI({
      baseURL: settings.baseUrl,
      apiKey: settings.apiKey,
      timeout: settings.timeoutMs,
      maxRetries: 0,
    });
  }

  async verify(
    paragraph: string,
    sources: readonly SupportSource[],
    signal?: AbortSignal,
  ): Promise<CitationVerdict['verdicts']> {
    const listed = sources.map((source) => `[${source.citationId}]\n${source.text}`).join('\n\n');
    const completion = await this.client.chat.completions.create(
      {
        model: this.settings.model,
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

/** The verdicts in a reply, one per source asked about; a source the reply skips or garbles is left out. */
export function readVerdicts(reply: string, sources: readonly SupportSource[]): CitationVerdict['verdicts'] {
  const start = reply.indexOf('{');
  const end = reply.lastIndexOf('}');
  if (start < 0 || end < start) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply.slice(start, end + 1));
  } catch {
    return [];
  }
  const list = (parsed as { verdicts?: unknown }).verdicts;
  if (!Array.isArray(list)) return [];
  const asked = new Set(sources.map((source) => source.citationId));
  const verdicts: CitationVerdict['verdicts'] = [];
  for (const item of list as Record<string, unknown>[]) {
    const citationId = typeof item?.citationId === 'string' ? item.citationId.trim().toUpperCase() : '';
    if (!asked.has(citationId) || verdicts.some((verdict) => verdict.citationId === citationId)) continue;
    const verdict = item.verdict === 'supported' ? 'verified' : 'unverified';
    const raw = typeof item.score === 'number' ? item.score : verdict === 'verified' ? 1 : 0;
    verdicts.push({ citationId, verdict, score: Math.min(1, Math.max(0, raw)) });
  }
  return verdicts;
}
