import { useEffect } from 'preact/hooks';
import type { CitationRef, CitationSupport, SupportConflict } from '@citation-stream/client';
import { t } from './i18n.js';
import { readableBlocks, type Range } from './readable-text.js';

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
          <ReadableSource text={text} highlights={highlightsOf(text, support)} />
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

/** `[start, end)` of the text cut at every highlight's ends inside it, each piece with the kinds covering it. */
function segments(start: number, end: number, highlights: readonly Highlight[]) {
  const inside = highlights.flatMap((h) => [h.start, h.end]).filter((cut) => cut > start && cut < end);
  const cuts = [...new Set([start, end, ...inside])].sort((a, b) => a - b);
  return cuts.slice(0, -1).map((from, i) => {
    const to = cuts[i + 1];
    const covering = highlights.filter((h) => h.start <= from && to <= h.end);
    return { start: from, end: to, kinds: KINDS.filter((kind) => covering.some((h) => h.kind === kind)) };
  });
}

/**
 * The source as readable blocks (headings, paragraphs, list items, without their markup), built as elements
 * from the text's own characters: nothing of the source is ever read as HTML. Highlights keep their offsets into
 * the original text; one that spans blocks is marked in each.
 */
function ReadableSource({ text, highlights }: { text: string; highlights: readonly Highlight[] }) {
  const pieces = (range: Range) =>
    segments(range.start, range.end, highlights).map(({ start, end, kinds }) =>
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
    );
  return (
    <>
      {readableBlocks(text).map((block, index) => {
        const lines = block.lines.map((ranges, i) => [i > 0 && <br key={`br${i}`} />, ...ranges.flatMap(pieces)]);
        if (block.kind === 'heading') return <h4 key={index}>{lines}</h4>;
        const name = block.kind === 'item' ? (block.bulleted ? 'item bulleted' : 'item') : undefined;
        return (
          <p key={index} class={name}>
            {lines}
          </p>
        );
      })}
    </>
  );
}

/** The quote's offsets when they match its text; else where its text occurs; else nothing to highlight. */
function quoteRange(text: string, quote: { text: string; start: number; end: number }): [number, number] | undefined {
  if (text.slice(quote.start, quote.end) === quote.text) return [quote.start, quote.end];
  const at = quote.text ? text.indexOf(quote.text) : -1;
  return at >= 0 ? [at, at + quote.text.length] : undefined;
}

export function titleOf(ref: CitationRef): string {
  if (ref.type === 'embedding') {
    const { title, chunkIndex, chunkCount } = ref.payload;
    const name = title || ref.citationId;
    // Two chunks of one document share its title: their place in it tells them apart.
    return chunkIndex !== undefined && chunkCount !== undefined && chunkCount > 1
      ? `${name} · ${t('partOf', { part: chunkIndex + 1, count: chunkCount })}`
      : name;
  }
  return ref.payload.kind === 'vertex' ? ref.payload.name : `${ref.payload.sourceName} → ${ref.payload.targetName}`;
}

function graphText(ref: Extract<CitationRef, { type: 'graph' }>): string {
  const payload = ref.payload;
  if (payload.kind === 'vertex') return [payload.name, payload.description].filter(Boolean).join(': ');
  return `${payload.sourceName} —${payload.label}→ ${payload.targetName}${payload.description ? `: ${payload.description}` : ''}`;
}
