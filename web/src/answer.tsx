import { useState } from 'preact/hooks';
import {
  hasContradiction,
  noticesOf,
  pendingText,
  sourcesInOrder,
  type AnswerState,
  type CitationParagraph,
  type CitationSupport,
} from '@citation-stream/client';
import { t } from './i18n.js';
import { conflictText, SourceCard, titleOf, type OpenCard } from './source-card.js';

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

/**
 * A paragraph and its citation numbers. A verified citation carries a quiet mark; an unverified one looks like
 * any citation (the check could not tell, nothing is wrong); a contradicted one is marked, and the paragraph
 * says what disagrees.
 */
function Paragraph({ paragraph, onOpen }: { paragraph: CitationParagraph; onOpen: (citationId: string) => void }) {
  const contradicted = hasContradiction(paragraph);
  return (
    <>
      <p
        class={contradicted ? 'paragraph contradicted' : 'paragraph'}
        data-testid="paragraph"
        data-index={paragraph.paragraphIndex}
        data-verdict={paragraph.verdict}
      >
        {paragraph.text}
        {paragraph.citationIds.map((citationId, i) => {
          const verdict = paragraph.support?.[i]?.verdict;
          // The verified and contradicted marks are drawn by the style sheet: the button's text stays the number.
          return (
            <button
              key={citationId}
              class={`citation ${verdict ?? ''}`}
              data-testid="citation-number"
              data-citation-id={citationId}
              data-verdict={verdict}
              title={verdict ? t(verdict) : t('source')}
              aria-label={verdict ? `${paragraph.citationNumbers[i]}: ${t(verdict)}` : undefined}
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
      {contradicted && (
        <p class="contradiction" role="alert" data-testid="contradiction">
          <strong>⚠ {t('contradicted')}.</strong>{' '}
          {(paragraph.support ?? []).map((entry, i) =>
            entry.verdict === 'contradicted' && entry.evidence?.conflict ? (
              <span key={entry.citationId} data-testid="conflict">
                {conflictText(entry.evidence.conflict, paragraph.citationNumbers[i])}{' '}
              </span>
            ) : null,
          )}
        </p>
      )}
    </>
  );
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
