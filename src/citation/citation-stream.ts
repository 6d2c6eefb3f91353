import { Observable, type OperatorFunction } from 'rxjs';
import type { CitationCatalog } from './citation-catalog.js';
import type { CitationStreamEvent } from './citation-events.js';
import { CitationLedger } from './citation-ledger.js';
import { InferredParagraphs } from './inferred-paragraphs.js';
import { createNumbering, type NumberingMode, type NumberingSeed } from './numbering.js';
import { ParagraphParser } from './paragraph-parser.js';
import type { CitationChecks } from './support/support-judge.js';
import { SafeTextStream, safeText } from '../text/safe-text.js';

/** How one answer's citations are assembled. An options object, so that new settings are new optional fields. */
export interface CitationStreamOptions {
  numbering?: NumberingMode;
  /** Numbers earlier answers of the conversation gave their sources: they keep them (conversation scope). */
  numberingSeed?: NumberingSeed;
  /** The support check and its policy; absent: no check, citations are kept when their id was offered. */
  checks?: CitationChecks;
  /** The answer is the refusal sent without asking the model. */
  refused?: boolean;
  /**
   * False: the answer text is not kept while it streams, and the summary carries no `answerText`. For callers
   * that store what is shown as it goes: a long answer's text is then not held in memory until its end.
   */
  keepAnswerText?: boolean;
}

/**
 * Parser and ledger of one answer, joined: raw output chunks go in through `write`, citation events come out
 * through `next`. NUL and lone surrogates in what the model wrote become U+FFFD on the way out, so that every
 * text event, paragraph and summary is something that can be shown and stored alike.
 */
export class CitationAssembler {
  private readonly parser: ParagraphParser;
  private readonly ledger: CitationLedger;
  private readonly text = new SafeTextStream();
  private readonly inferred = new InferredParagraphs();

  constructor(catalog: CitationCatalog, options: CitationStreamOptions, next: (event: CitationStreamEvent) => void) {
    const numbering = createNumbering(options.numbering ?? 'first-citation', catalog, options.numberingSeed);
    this.ledger = new CitationLedger(catalog, numbering, options.checks, options.refused);
    const attribute = (texts: string[]) => {
      for (const text of texts) for (const cited of this.ledger.acceptInferred(text)) next(cited);
    };
    const show = (text: string) => {
      if (text === '') return;
      next({ type: 'text', text });
      attribute(this.inferred.write(text));
    };
    this.parser = new ParagraphParser((event) => {
      switch (event.type) {
        case 'text':
          show(this.text.write(event.text));
          break;
        case 'broken':
          // A cut-off answer's last words are shown as they are; only a structure that broke midway is re-cited.
          if (event.outcome !== 'truncated') this.inferred.start();
          next(event);
          break;
        case 'paragraph':
          show(this.text.flush());
          this.inferred.reset();
          for (const cited of this.ledger.accept({ ...event.paragraph, text: safeText(event.paragraph.text) })) {
            next(cited);
          }
          break;
        case 'end':
          show(this.text.flush());
          attribute(this.inferred.end());
          next({
            type: 'done',
            summary: this.ledger.summary(
              event.outcome,
              event.answerText === undefined ? undefined : safeText(event.answerText),
              event.reason,
            ),
          });
          break;
      }
    }, options);
  }

  write(chunk: string): void {
    this.parser.write(chunk);
  }

  /** The output is over (or failed): releases held text and emits the summary. */
  end(): void {
    this.parser.end();
  }
}

/**
 * Subscribes `source` through a write/end sink. When the source fails (the model stream broke), the sink is
 * ended first, so that text held back for marker detection still reaches the reader and the summary says the
 * answer was cut off; the error follows.
 */
export function feed<T>(
  source: Observable<string>,
  create: (next: (value: T) => void) => { write(chunk: string): void; end(): void },
): Observable<T> {
  return new Observable<T>((subscriber) => {
    const sink = create((value) => subscriber.next(value));
    return source.subscribe({
      next: (chunk) => sink.write(chunk),
      error: (error: unknown) => {
        sink.end();
        subscriber.error(error);
      },
      complete: () => {
        sink.end();
        subscriber.complete();
      },
    });
  });
}

/**
 * The whole core: raw model output chunks → the citation events of one answer (text, refs, paragraphs, and a
 * summary at the end). Parser and ledger run in one operator: an answer streams one event per chunk, and an
 * extra operator between them would cost more than the ledger itself.
 */
export function citationStream(
  catalog: CitationCatalog,
  options: CitationStreamOptions = {},
): OperatorFunction<string, CitationStreamEvent> {
  return (source) => feed<CitationStreamEvent>(source, (next) => new CitationAssembler(catalog, options, next));
}
