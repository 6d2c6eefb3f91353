import { useEffect } from 'preact/hooks';
import type { CitationRef, CitationSupport, SupportConflict } from '@citation-stream/client';
import { t } from './i18n.js';

/** A source card to show: the source, and what the support check found of the paragraph it was opened from. */
export interface OpenCard {
  ref: CitationRef;
  support?: CitationSupport | undefined;
}

/** A part of the source's text to mark: the evidence sentences, a contradicted claim's sentence, the quote. */
interface Highlight {
  start: number;
  end: number;
  kind: 'evidence' | 'conflict' | 'quote';
}

export function SourceCard({ card, onClose }: { card: OpenCard; onClose: () => void }) {
  const { ref, support } = card;
  const text = ref.type === 'embedding' ? ref.payload.text : graphText(ref);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div class="overlay" onClick={onClose}>
      <div
        class="card"
        role="dialog"
        aria-label={titleOf(ref)}
        data-testid="source-card"
        onClick={(event) => event.stopPropagation()}
      >
        <header>
          <span class="number">{ref.displayNumber}</span>
          <h3 data-testid="source-title">{titleOf(ref)}</h3>
          <button class="link" onClick={onClose} aria-label={t('close')}>
            ✕
          </button>
        </header>
        <p class={`verdict ${support?.verdict ?? 'unchecked'}`} data-testid="verdict" data-verdict={support?.verdict}>
          {support ? `${t(support.verdict)} (${t('score')} ${support.score.toFixed(2)})` : t('notChecked')}
        </p>
        {support?.evidence?.conflict && (
          <p class="conflict" role="alert" data-testid="conflict">
            {conflictText(support.evidence.conflict)}
          </p>
        )}
        <blockquote class="source-text" data-testid="source-text">
          {segments(text, highlightsOf(text, support)).map(({ start, end, kinds }) =>
            kinds.length === 0 ? (
              text.slice(start, end)
            ) : (
              <mark
                key={start}
                class={kinds.join(' ')}
                data-testid={kinds[0] === 'quote' ? 'quote' : 'highlight'}
                title={t(TITLES[kinds[0]])}
              >
                {text.slice(start, end)}
              </mark>
            ),
          )}
        </blockquote>
      </div>
    </div>
  );
}

export function conflictText(conflict: SupportConflict, number?: number): string {
  const values = { claim: conflict.claim, source: conflict.source };
  return number === undefined ? t('conflict', values) : t('conflictAt', { ...values, number });
}

function highlightsOf(text: string, support: CitationSupport | undefined): Highlight[] {
  const highlights: Highlight[] = [];
  // A contradicted citation's spans are the sentences that disagree; a verified one's, where the claims were found.
  const kind = support?.verdict === 'contradicted' ? 'conflict' : 'evidence';
  for (const span of support?.evidence?.spans ?? []) {
    if (span.start >= 0 && span.end <= text.length && span.start < span.end) highlights.push({ ...span, kind });
  }
  const quote = support?.quote ? quoteRange(text, support.quote) : undefined;
  if (quote) highlights.push({ start: quote[0], end: quote[1], kind: 'quote' });
  return highlights;
}

/** Highlight kinds, the one a piece is named by first when several cover it. */
const KINDS: readonly Highlight['kind'][] = ['quote', 'conflict', 'evidence'];
const TITLES = { quote: 'quote', conflict: 'contradicted', evidence: 'evidence' } as const;

/** The text cut at every highlight's ends, each piece with the kinds of highlight covering it. */
function segments(text: string, highlights: readonly Highlight[]) {
  const cuts = [...new Set([0, text.length, ...highlights.flatMap((h) => [h.start, h.end])])].sort((a, b) => a - b);
  return cuts.slice(0, -1).map((start, i) => {
    const end = cuts[i + 1];
    const covering = highlights.filter((h) => h.start <= start && end <= h.end);
    return { start, end, kinds: KINDS.filter((kind) => covering.some((h) => h.kind === kind)) };
  });
}

/** The quote's offsets when they match its text; else where its text occurs; else nothing to highlight. */
function quoteRange(text: string, quote: { text: string; start: number; end: number }): [number, number] | undefined {
  if (text.slice(quote.start, quote.end) === quote.text) return [quote.start, quote.end];
  const at = quote.text ? text.indexOf(quote.text) : -1;
  return at >= 0 ? [at, at + quote.text.length] : undefined;
}

export function titleOf(ref: CitationRef): string {
  if (ref.type === 'embedding') return ref.payload.title || ref.citationId;
  return ref.payload.kind === 'vertex' ? ref.payload.name : `${ref.payload.sourceName} → ${ref.payload.targetName}`;
}

function graphText(ref: Extract<CitationRef, { type: 'graph' }>): string {
  const payload = ref.payload;
  if (payload.kind === 'vertex') return [payload.name, payload.description].filter(Boolean).join(': ');
  return `${payload.sourceName} —${payload.label}→ ${payload.targetName}${payload.description ? `: ${payload.description}` : ''}`;
}
