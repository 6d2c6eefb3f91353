import { useEffect, useState } from 'preact/hooks';
import {
  noticesOf,
  pendingText,
  sourcesInOrder,
  type AnswerState,
  type CitationParagraph,
  type CitationRef,
  type CitationSupport,
} from '@citation-stream/client';
import { t } from './i18n.js';

/** A source card to show: the source, and how the paragraph it was opened from is supported by it. */
interface OpenCard {
  ref: CitationRef;
  support?: CitationSupport | undefined;
}

/** One answer: its paragraphs with their citation numbers, the text still coming, notices, and the sources. */
export function AnswerView({ state }: { state: AnswerState }) {
  const [card, setCard] = useState<OpenCard | undefined>();
  const notices = noticesOf(state);
  const pending = pendingText(state);
  const sources = sourcesInOrder(state);
  const streaming = state.status === 'connecting' || state.status === 'streaming' || state.status === 'reconnecting';

  const open = (citationId: string, paragraph?: CitationParagraph) => {
    const ref = state.refs[citationId];
    if (!ref) return;
    setCard({ ref, support: paragraph ? supportOf(paragraph, citationId) : firstSupport(state, citationId) });
  };

  return (
    <div class="answer" data-testid="answer" data-status={state.status}>
      {streaming && <Progress state={state} />}
      {state.thinking && (
        <details class="thinking">
          <summary>{t('thinking')}</summary>
          <pre>{state.thinking}</pre>
        </details>
      )}
      {state.paragraphs.map(
        (paragraph) =>
          paragraph && (
            <Paragraph
              key={paragraph.paragraphIndex}
              paragraph={paragraph}
              onOpen={(citationId) => open(citationId, paragraph)}
            />
          ),
      )}
      {pending && (
        <p class={streaming ? 'pending streaming' : 'pending'} data-testid="pending">
          {pending}
        </p>
      )}
      {notices.fellBack && (
        <p class="notice" data-testid="notice-fallback">
          {t('fellBack')}
        </p>
      )}
      {notices.truncated && (
        <p class="notice" data-testid="notice-truncated">
          {t('truncated')}
        </p>
      )}
      {notices.refused && (
        <p class="notice" data-testid="notice-refused">
          {t('refused')}
        </p>
      )}
      {(state.status === 'aborted' || notices.stopped) && (
        <p class="notice" data-testid="notice-stopped">
          {t('stopped')}
        </p>
      )}
      {state.error && (
        <p class="error" role="alert" data-testid="answer-error">
          {state.error.code}: {state.error.message}
        </p>
      )}
      {sources.length > 0 && (
        <section class="sources">
          <h3>{t('sources')}</h3>
          <ol data-testid="sources">
            {sources.map((ref) => (
              <li key={ref.citationId} value={ref.displayNumber}>
                <button class="link" onClick={() => open(ref.citationId)}>
                  {titleOf(ref)}
                </button>
              </li>
            ))}
          </ol>
        </section>
      )}
      {card && <SourceCard card={card} onClose={() => setCard(undefined)} />}
    </div>
  );
}

function Progress({ state }: { state: AnswerState }) {
  const label =
    state.status === 'reconnecting'
      ? t('reconnecting')
      : state.status === 'connecting'
        ? t('connecting')
        : state.text === '' && state.phase?.state === 'knowledge_searching'
          ? t('searching')
          : state.text === ''
            ? t('analysing')
            : '';
  return label ? (
    <p class="progress" data-testid="progress">
      {label}
    </p>
  ) : null;
}

function Paragraph({ paragraph, onOpen }: { paragraph: CitationParagraph; onOpen: (citationId: string) => void }) {
  return (
    <p
      class={paragraph.supported === false ? 'paragraph unsupported' : 'paragraph'}
      data-testid="paragraph"
      data-index={paragraph.paragraphIndex}
    >
      {paragraph.text}
      {paragraph.citationIds.map((citationId, i) => {
        const verdict = paragraph.support?.[i]?.verdict;
        return (
          <button
            key={citationId}
            class={`citation ${verdict ?? ''}`}
            data-testid="citation-number"
            data-citation-id={citationId}
            title={verdict ? t(verdict) : t('source')}
            onClick={() => onOpen(citationId)}
          >
            {paragraph.citationNumbers[i]}
          </button>
        );
      })}
      {paragraph.inferred && (
        <span class="badge" data-testid="inferred">
          {t('inferred')}
        </span>
      )}
    </p>
  );
}

function SourceCard({ card, onClose }: { card: OpenCard; onClose: () => void }) {
  const { ref, support } = card;
  const text = ref.type === 'embedding' ? ref.payload.text : graphText(ref);
  const range = support?.quote ? quoteRange(text, support.quote) : undefined;
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
        <p class={`verdict ${support?.verdict ?? 'unverified'}`} data-testid="verdict">
          {support ? `${t(support.verdict)} (${t('score')} ${support.score.toFixed(2)})` : t('unverified')}
        </p>
        <blockquote class="source-text" data-testid="source-text">
          {range ? (
            <>
              {text.slice(0, range[0])}
              <mark data-testid="quote" title={t('quote')}>
                {text.slice(range[0], range[1])}
              </mark>
              {text.slice(range[1])}
            </>
          ) : (
            text
          )}
        </blockquote>
      </div>
    </div>
  );
}

/** The quote's offsets when they match its text; else where its text occurs; else nothing to highlight. */
function quoteRange(text: string, quote: { text: string; start: number; end: number }): [number, number] | undefined {
  if (text.slice(quote.start, quote.end) === quote.text) return [quote.start, quote.end];
  const at = quote.text ? text.indexOf(quote.text) : -1;
  return at >= 0 ? [at, at + quote.text.length] : undefined;
}

function supportOf(paragraph: CitationParagraph, citationId: string): CitationSupport | undefined {
  return paragraph.support?.[paragraph.citationIds.indexOf(citationId)];
}

function firstSupport(state: AnswerState, citationId: string): CitationSupport | undefined {
  for (const paragraph of state.paragraphs) {
    const support = paragraph && supportOf(paragraph, citationId);
    if (support) return support;
  }
  return undefined;
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
