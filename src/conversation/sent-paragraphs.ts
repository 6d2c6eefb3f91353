import type { CitationParagraph, CitationSupportEntry } from '../citation/citation-events.js';

type Quote = NonNullable<CitationSupportEntry['quote']>;

/** Bits of a paragraph's flags. `JUDGED`: the support check ran, so `support` and `supported` are present. */
const JUDGED = 1;
const SUPPORTED = 2;
const INFERRED = 4;
/** Bit of a citation's flags: the support check found it supported. */
const CITATION_SUPPORTED = 1;

/**
 * The paragraphs an answer has sent, kept until the answer is stored, in a form that costs a few numbers per
 * paragraph and per citation. As objects, each paragraph cost about 400 bytes besides its text (the paragraph,
 * its ids, numbers and support arrays, an object per support entry): with hundreds of long answers streaming,
 * more than the text itself. Texts and ids are the strings the citation core made (the catalog's own ids), not
 * copies; `upTo` builds the objects again, equal to the ones sent, once, when the answer is stored.
 */
export class SentParagraphs {
  private readonly texts: string[] = [];
  /** Per paragraph: its index, the id of the last frame written before it, its flags, the end of its citations. */
  private readonly indexes: number[] = [];
  private readonly afterIds: number[] = [];
  private readonly flags: number[] = [];
  private readonly citationEnds: number[] = [];
  /** Per citation, of every paragraph in turn. */
  private readonly ids: string[] = [];
  private readonly numbers: number[] = [];
  private readonly scores: number[] = [];
  private readonly citationFlags: number[] = [];
  /** Verified quotes, by citation position: few answers have any. */
  private readonly quotes = new Map<number, Quote>();

  get length(): number {
    return this.texts.length;
  }

  /** A paragraph sent after the frame `afterId`. */
  add(paragraph: CitationParagraph, afterId: number): void {
    const { support } = paragraph;
    paragraph.citationIds.forEach((citationId, i) => {
      const entry = support?.[i];
      if (entry?.quote) this.quotes.set(this.ids.length, entry.quote);
      this.ids.push(citationId);
      this.numbers.push(paragraph.citationNumbers[i]!);
      this.scores.push(entry?.score ?? 0);
      this.citationFlags.push(entry?.verdict === 'supported' ? CITATION_SUPPORTED : 0);
    });
    this.texts.push(paragraph.text);
    this.indexes.push(paragraph.paragraphIndex);
    this.afterIds.push(afterId);
    this.citationEnds.push(this.ids.length);
    this.flags.push(
      (support ? JUDGED : 0) | (paragraph.supported ? SUPPORTED : 0) | (paragraph.inferred ? INFERRED : 0),
    );
  }

  /** The paragraphs sent after frames up to `lastId`, as they were sent. */
  upTo(lastId: number): CitationParagraph[] {
    const paragraphs: CitationParagraph[] = [];
    for (let at = 0; at < this.texts.length; at++) {
      if (this.afterIds[at]! <= lastId) paragraphs.push(this.paragraph(at));
    }
    return paragraphs;
  }

  private paragraph(at: number): CitationParagraph {
    const start = at === 0 ? 0 : this.citationEnds[at - 1]!;
    const end = this.citationEnds[at]!;
    const flags = this.flags[at]!;
    const citationIds = this.ids.slice(start, end);
    const paragraph: CitationParagraph = {
      paragraphIndex: this.indexes[at]!,
      text: this.texts[at]!,
      citationIds,
      citationNumbers: this.numbers.slice(start, end),
    };
    if (flags & JUDGED) {
      paragraph.support = citationIds.map((citationId, i) => this.supportEntry(citationId, start + i));
      paragraph.supported = (flags & SUPPORTED) !== 0;
      paragraph.inferred = (flags & INFERRED) !== 0;
    }
    return paragraph;
  }

  private supportEntry(citationId: string, at: number): CitationSupportEntry {
    const quote = this.quotes.get(at);
    return {
      citationId,
      score: this.scores[at]!,
      verdict: this.citationFlags[at]! & CITATION_SUPPORTED ? 'supported' : 'unsupported',
      ...(quote ? { quote } : {}),
    };
  }
}
