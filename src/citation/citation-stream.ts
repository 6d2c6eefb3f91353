import { Observable, type OperatorFunction } from 'rxjs';
import type { CitationCatalog } from './citation-catalog.js';
import type { CitationStreamEvent } from './citation-events.js';
import { CitationLedger } from './citation-ledger.js';
import { createNumbering, type NumberingMode } from './numbering.js';
import { ParagraphParser } from './paragraph-parser.js';
import { SafeTextStream, safeText } from '../sse/safe-text.js';

/** How one answer's citations are assembled. An options object, so that new settings are new optional fields. */
export interface CitationStreamOptions {
  numbering?: NumberingMode;
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

  constructor(catalog: CitationCatalog, options: CitationStreamOptions, next: (event: CitationStreamEvent) => void) {
    this.ledger = new CitationLedger(catalog, createNumbering(options.numbering ?? 'first-citation', catalog));
    const releaseHeldText = () => {
      const held = this.text.flush();
      if (held !== '') next({ type: 'text', text: held });
    };
    this.parser = new ParagraphParser((event) => {
      switch (event.type) {
        case 'text': {
          const text = this.text.write(event.text);
          if (text !== '') next({ type: 'text', text });
          break;
        }
        case 'broken':
          next(event);
          break;
        case 'paragraph':
          releaseHeldText();
          for (const cited of this.ledger.accept({ ...event.paragraph, text: safeText(event.paragraph.text) })) {
            next(cited);
          }
          break;
        case 'end':
          releaseHeldText();
          next({ type: 'done', summary: this.ledger.summary(event.outcome, safeText(event.answerText), event.reason) });
          break;
      }
    });
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
