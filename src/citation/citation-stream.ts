import { Observable, type OperatorFunction } from 'rxjs';
import type { CitationCatalog } from './citation-catalog.js';
import type { CitationStreamEvent } from './citation-events.js';
import { CitationLedger } from './citation-ledger.js';
import { createNumbering, type NumberingMode } from './numbering.js';
import { ParagraphParser } from './paragraph-parser.js';
import type { ParserEvent } from './parser-events.js';

/**
 * Raw model output chunks → parser events, in one pass. When the source fails (the model stream broke), the
 * parser is ended first, so that text held back for marker detection still reaches the reader and the end
 * event says the answer was cut off; the error follows.
 */
export function parseParagraphs(): OperatorFunction<string, ParserEvent> {
  return (source) =>
    new Observable<ParserEvent>((subscriber) => {
      const parser = new ParagraphParser((event) => subscriber.next(event));
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

export interface CitationStreamOptions {
  numbering?: NumberingMode;
}

/** Parser events → the citation events of one answer: text, refs, paragraphs, and a summary at the end. */
export function citeParagraphs(
  catalog: CitationCatalog,
  options: CitationStreamOptions = {},
): OperatorFunction<ParserEvent, CitationStreamEvent> {
  return (source) =>
    new Observable<CitationStreamEvent>((subscriber) => {
      const ledger = new CitationLedger(catalog, createNumbering(options.numbering ?? 'first-citation', catalog));
      const shown: string[] = [];
      return source.subscribe({
        next: (event) => {
          switch (event.type) {
            case 'text':
              shown.push(event.text);
              subscriber.next(event);
              break;
            case 'paragraph':
              for (const cited of ledger.accept(event.paragraph)) subscriber.next(cited);
              break;
            case 'end':
              subscriber.next({ type: 'done', summary: ledger.summary(event.outcome, shown.join(''), event.reason) });
              break;
          }
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
    });
}

/** The whole core: raw model output chunks → citation events. */
export function citationStream(
  catalog: CitationCatalog,
  options: CitationStreamOptions = {},
): OperatorFunction<string, CitationStreamEvent> {
  return (source) => source.pipe(parseParagraphs(), citeParagraphs(catalog, options));
}
