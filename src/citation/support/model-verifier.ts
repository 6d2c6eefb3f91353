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
