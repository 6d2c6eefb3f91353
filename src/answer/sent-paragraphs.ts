import type { CitationParagraph, CitationSupportEntry } from '../citation/citation-events.js';
import type { SupportEvidence, SupportVerdict } from '../citation/support/support-verifier.js';

type Quote = NonNullable<CitationSupportEntry['quote']>;

/**
 * Bits of a paragraph's flags. `JUDGED`: the support check ran, so `support`, `verdict` and `supported` are
 * present (the verdict is kept on its own, as a code).
 */
const JUDGED = 1;
const INFERRED = 2;
/** Cites nothing, and the server did not attribute it either: what `uncited_paragraph_count` counts. */
const UNCITED = 4;

/** A verdict as a small number, its index here: paragraphs and citations keep the number, not the string. */
const VERDICTS: readonly SupportVerdict[] = ['verified', 'unverified', 'contradicted'];
/** A paragraph or citation the check did not judge. */
const NO_VERDICT = -1;

function verdictCode(verdict: SupportVerdict | undefined): number {
  return verdict === undefined ? NO_VERDICT : VERDICTS.indexOf(verdict);
}

/** Which of the paragraphs sent were shown: how many, how many of them cite nothing, the last one's index. */
export interface ParagraphCut {
  count: number;
  uncited: number;
  /** -1 when none was shown. */
  lastIndex: number;
}

/**
 * The paragraphs an answer has sent, kept until the answer is stored, in a form that costs a few numbers per
 * paragraph and per citation. As objects, each paragraph cost about 400 bytes besides its text (the paragraph,
 * its ids, numbers and support arrays, an object per support entry): with hundreds of long answers streaming,
 * more than the text itself.
 *
 * An answer whose journal stores each paragraph as it is sent needs only to know, at its end, which of them
 * were shown (`cut`): it keeps three numbers a paragraph, and folds those the reader surely received into counts
 * (`settle`), so that a long answer keeps only its last few. Otherwise (`keepContent`) texts and ids are kept too,
 * as the strings the citation core made, not copies, and `upTo` builds the objects again, equal to the ones
 * sent, once, when the answer is stored.
 */
export class SentParagraphs {
  /** Per paragraph: its index, the id of the last frame written before it, its flags. */
  private readonly indexes: number[] = [];
  private readonly afterIds: number[] = [];
  private readonly flags: number[] = [];
  private readonly content: SentContent | undefined;
  /** The paragraphs folded by `settle`, all of them shown. */
  private readonly settled: ParagraphCut = { count: 0, uncited: 0, lastIndex: -1 };

  constructor(keepContent: boolean) {
    this.content = keepContent ? new SentContent() : undefined;
  }

  /** A paragraph sent after the frame `afterId`. */
  add(paragraph: CitationParagraph, afterId: number): void {
    this.content?.add(paragraph);
    this.indexes.push(paragraph.paragraphIndex);
    this.afterIds.push(afterId);
    this.flags.push(
      (paragraph.support ? JUDGED : 0) |
        (paragraph.inferred ? INFERRED : 0) |
        (paragraph.citationIds.length === 0 && !paragraph.inferred ? UNCITED : 0),
    );
  }

  /** The paragraphs sent after frames up to `lastId`. */
  cut(lastId: number): ParagraphCut {
    const cut: ParagraphCut = { ...this.settled };
    for (let at = 0; at < this.indexes.length; at++) {
      if (this.afterIds[at]! <= lastId) this.count(cut, at);
    }
    return cut;
  }

  /**
   * Folds the paragraphs sent after frames up to `shownId`, which the reader has surely received whatever
   * happens next, into counts. Only when the content is not kept: `upTo` needs every paragraph.
   */
  settle(shownId: number): void {
    if (this.content !== undefined) return;
    let folded = 0;
    // Paragraphs are added in the order of their frames: the shown ones come first.
    while (folded < this.indexes.length && this.afterIds[folded]! <= shownId) this.count(this.settled, folded++);
    if (folded === 0) return;
    this.indexes.splice(0, folded);
    this.afterIds.splice(0, folded);
    this.flags.splice(0, folded);
  }

  private count(cut: ParagraphCut, at: number): void {
    cut.count++;
    if (this.flags[at]! & UNCITED) cut.uncited++;
    cut.lastIndex = Math.max(cut.lastIndex, this.indexes[at]!);
  }

  /** The paragraphs sent after frames up to `lastId`, as they were sent. Only when their content is kept. */
  upTo(lastId: number): CitationParagraph[] {
    const content = this.content;
    if (content === undefined) throw new Error('the paragraphs sent are stored as they are sent, not kept');
    const paragraphs: CitationParagraph[] = [];
    for (let at = 0; at < this.indexes.length; at++) {
      if (this.afterIds[at]! <= lastId) paragraphs.push(content.paragraph(at, this.indexes[at]!, this.flags[at]!));
    }
    return paragraphs;
  }
}

/** The texts and citations of the paragraphs sent, in shared arrays. */
class SentContent {
  private readonly texts: string[] = [];
  /** Per paragraph: its verdict's code. */
  private readonly verdicts: number[] = [];
  /** Per paragraph: the end of its citations. */
  private readonly citationEnds: number[] = [];
  /** Per citation, of every paragraph in turn. */
  private readonly ids: string[] = [];
  private readonly numbers: number[] = [];
  private readonly scores: number[] = [];
  /** Per citation: its verdict's code. */
  private readonly citationVerdicts: number[] = [];
  /** Verified quotes, by citation position: few answers have any. */
  private readonly quotes = new Map<number, Quote>();
  /** Evidence, by citation position: the objects the check made, not copies. */
  private readonly evidence = new Map<number, SupportEvidence>();

  add(paragraph: CitationParagraph): void {
    const { support } = paragraph;
    paragraph.citationIds.forEach((citationId, i) => {
      const entry = support?.[i];
      if (entry?.quote) this.quotes.set(this.ids.length, entry.quote);
      if (entry?.evidence) this.evidence.set(this.ids.length, entry.evidence);
      this.ids.push(citationId);
      this.numbers.push(paragraph.citationNumbers[i]!);
      this.scores.push(entry?.score ?? 0);
      this.citationVerdicts.push(verdictCode(entry?.verdict));
    });
    this.texts.push(paragraph.text);
    this.verdicts.push(verdictCode(paragraph.verdict));
    this.citationEnds.push(this.ids.length);
  }

  paragraph(at: number, paragraphIndex: number, flags: number): CitationParagraph {
    const start = at === 0 ? 0 : this.citationEnds[at - 1]!;
    const end = this.citationEnds[at]!;
    const citationIds = this.ids.slice(start, end);
    const paragraph: CitationParagraph = {
      paragraphIndex,
      text: this.texts[at]!,
      citationIds,
      citationNumbers: this.numbers.slice(start, end),
    };
    if (flags & JUDGED) {
      paragraph.support = citationIds.map((citationId, i) => this.supportEntry(citationId, start + i));
      const verdict = VERDICTS[this.verdicts[at]!];
      if (verdict !== undefined) {
        paragraph.verdict = verdict;
        paragraph.supported = verdict === 'verified';
      }
      paragraph.inferred = (flags & INFERRED) !== 0;
    }
    return paragraph;
  }

  private supportEntry(citationId: string, at: number): CitationSupportEntry {
    const quote = this.quotes.get(at);
    const evidence = this.evidence.get(at);
    return {
      citationId,
      score: this.scores[at]!,
      // A judged paragraph's citations all carry a verdict; a missing one reads as the check could not tell.
      verdict: VERDICTS[this.citationVerdicts[at]!] ?? 'unverified',
      ...(evidence ? { evidence } : {}),
      ...(quote ? { quote } : {}),
    };
  }
}
