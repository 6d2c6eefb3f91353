import { Logger } from '@nestjs/common';
import type { CitationCatalog } from '../citation/citation-catalog.js';
import type { CitationParagraph, CitationVerdict } from '../citation/citation-events.js';
import type { LateVerifier } from '../citation/support/model-verifier.js';
import { sourceText } from '../citation/support/support-judge.js';

/**
 * Asks a slow verifier about each paragraph once it has been sent, so that it never holds the answer's text:
 * each verdict goes out as a `[CITATION_VERDICT]` event as soon as it arrives. Before the answer ends (and is
 * stored), the verdicts still being worked on are waited for; a verifier that fails is logged and skipped.
 */
export class VerdictRelay {
  private readonly logger = new Logger(VerdictRelay.name);
  private readonly pending: Promise<void>[] = [];
  private readonly abort = new AbortController();
  readonly verdicts: CitationVerdict[] = [];

  constructor(
    private readonly verifier: LateVerifier,
    private readonly catalog: CitationCatalog,
    private readonly emit: (verdict: CitationVerdict) => void,
  ) {}

  paragraph(paragraph: CitationParagraph): void {
    if (paragraph.citationIds.length === 0) return;
    const sources = paragraph.citationIds.map((citationId) => ({
      citationId,
      text: sourceText(this.catalog.get(citationId)!),
    }));
    const work = this.verifier
      .verify(paragraph.text, sources, this.abort.signal)
      .then((verdicts) => {
        if (verdicts.length === 0 || this.abort.signal.aborted) return;
        const verdict = { paragraphIndex: paragraph.paragraphIndex, verifier: this.verifier.name, verdicts };
        this.verdicts.push(verdict);
        this.emit(verdict);
      })
      .catch((error: unknown) => {
        if (this.abort.signal.aborted) return;
        this.logger.warn({
          message: 'citation verifier failed; the paragraph keeps the lexical verdict',
          paragraphIndex: paragraph.paragraphIndex,
          error: error instanceof Error ? error.message : String(error),
        });
      });
    this.pending.push(work);
  }

  /** Waits for every verdict asked for; resolves with them all, in the order they arrived. */
  async settle(): Promise<CitationVerdict[]> {
    await Promise.all(this.pending);
    return this.verdicts;
  }

  /** The reader left: the verdicts are no longer wanted. */
  cancel(): void {
    this.abort.abort();
  }
}
