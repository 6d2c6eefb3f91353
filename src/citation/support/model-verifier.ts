import OpenAI from 'openai';
import type { CitationVerdict } from '../citation-events.js';
import type { ConflictKind, SupportConflict, SupportSource, SupportVerdict } from './support-verifier.js';

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
  const texts = new Map(sources.map((source) => [source.citationId, source.text]));
  const verdicts: CitationVerdict['verdicts'] = [];
  for (const item of list as Record<string, unknown>[]) {
    const citationId = typeof item?.citationId === 'string' ? item.citationId.trim().toUpperCase() : '';
    const text = texts.get(citationId);
    if (text === undefined || verdicts.some((verdict) => verdict.citationId === citationId)) continue;
    const verdict = verdictOf(item.verdict);
    const raw = typeof item.score === 'number' ? item.score : verdict === 'verified' ? 1 : 0;
    const conflict = verdict === 'contradicted' ? conflictOf(item.conflict) : undefined;
    const found = conflict ? text.indexOf(conflict.source) : -1;
    verdicts.push({
      citationId,
      verdict,
      score: Math.min(1, Math.max(0, raw)),
      ...(conflict
        ? { evidence: { spans: found < 0 ? [] : [{ start: found, end: found + conflict.source.length }], conflict } }
        : {}),
    });
  }
  return verdicts;
}

/** The model's word for a verdict, read loosely: older replies said supported / unsupported. */
function verdictOf(raw: unknown): SupportVerdict {
  const word = typeof raw === 'string' ? raw.trim().toLowerCase().replace(/[_-]+/g, ' ') : '';
  if (['entailed', 'entailment', 'supported', 'verified'].includes(word)) return 'verified';
  if (['contradicted', 'contradiction', 'refuted'].includes(word)) return 'contradicted';
  return 'unverified';
}

const CONFLICT_KINDS: readonly ConflictKind[] = ['number', 'unit', 'date', 'name', 'negation'];
/** A quoted conflict longer than this is not "a few words": it is cut, not trusted to point anywhere. */
const MAX_CONFLICT_CHARS = 200;

/** A conflict the reply gives, when its kind is one of ours and it quotes both sides; otherwise none. */
function conflictOf(raw: unknown): SupportConflict | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { kind, claim, source } = raw as Record<string, unknown>;
  const named = typeof kind === 'string' ? kind.trim().toLowerCase() : '';
  if (!(CONFLICT_KINDS as readonly string[]).includes(named)) return undefined;
  if (typeof claim !== 'string' || typeof source !== 'string' || !claim.trim() || !source.trim()) return undefined;
  return {
    kind: named as ConflictKind,
    claim: claim.trim().slice(0, MAX_CONFLICT_CHARS),
    source: source.trim().slice(0, MAX_CONFLICT_CHARS),
  };
}
