import { Observable, type OperatorFunction } from 'rxjs';
import type { CitationCatalog } from './citation-catalog.js';
import type { CitationStreamEvent } from './citation-events.js';
import { CitationLedger } from './citation-ledger.js';
import { createNumbering, type NumberingMode } from './numbering.js';
import { ParagraphParser } from './paragraph-parser.js';
import type { ParserEvent } from './parser-events.js';

/**
 * Runs a parser over a source of raw model output chunks. When the source fails (the model stream broke), the
 * parser is ended first, so that text held back for marker detection still reaches the reader and the end
 * event says the answer was cut off; the error follows.
 */
function withParser<T>(source: Observable<string>, emit: (event: ParserEvent, next: (value: T) => void) => void) {
  return new Observable<T>((subscriber) => {
    const next = (value: T) => subscriber.next(value);
    const parser = new ParagraphParser((event) => emit(event, next));
    return source.subscribe({
      next: (chunk) => parser.write(chunk),
      error: (error: unknown) => {
        parser.end();
        subscriber.error(error);
      },
      complete: () => {
        parser.end();
        subscriber.complete();
      },
    });
  });
}

/** Raw model output chunks → parser events (text deltas, finished paragraphs, the outcome), in one pass. */
export function parseParagraphs(): OperatorFunction<string, ParserEvent> {
  return (source) => withParser<ParserEvent>(source, (event, next) => next(event));
}

export interface CitationStreamOptions {
  numbering?: NumberingMode;
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
  return (source) =>
    new Observable<CitationStreamEvent>((subscriber) => {
      const ledger = new CitationLedger(catalog, createNumbering(options.numbering ?? 'first-citation', catalog));
      return withParser<CitationStreamEvent>(source, (event, next) => {
        switch (event.type) {
          case 'text':
            next(event);
            break;
          case 'paragraph':
            for (const cited of ledger.accept(event.paragraph)) next(cited);
            break;
          case 'end':
            next({ type: 'done', summary: ledger.summary(event.outcome, event.answerText, event.reason) });
            break;
        }
      }).subscribe(subscriber);
    });
}
