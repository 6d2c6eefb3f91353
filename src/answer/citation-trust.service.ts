import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CitationCatalog } from '../citation/citation-catalog.js';
import type { CitationVerdict } from '../citation/citation-events.js';
import type { CitationStreamOptions } from '../citation/citation-stream.js';
import { ClaimSupportVerifier } from '../citation/support/claim-verifier.js';
import { createLateVerifier } from '../model/late-verifier.js';
import type { LateVerifier } from '../citation/support/model-verifier.js';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import { refusesWithoutSources } from '../model/refusal.js';
import { AnswerRecords } from './answer-records.repository.js';
import { VerdictRelay } from './verdict-relay.js';

/**
 * The settings that make citations trustworthy, turned into what one answer needs: the citation core's
 * options (support check and policy, numbering scope with the conversation's earlier numbers, refusal), whether
 * to ask for quotes, and the late verifier's relay (a chat model or an NLI classifier).
 */
@Injectable()
export class CitationTrust {
  private readonly logger = new Logger('SupportCheck');
  private readonly claims: ClaimSupportVerifier;
  private readonly late: LateVerifier | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly records: AnswerRecords,
  ) {
    this.claims = new ClaimSupportVerifier({ coverage: config.citation.support.coverage });
    this.late = config.citation.verifier ? createLateVerifier(config.citation.verifier) : undefined;
  }

  get quotes(): boolean {
    return this.config.citation.quotes;
  }

  /** Whether to refuse without calling the model: retrieval offered nothing and the setting says refuse. */
  refuses(catalog: CitationCatalog): boolean {
    return refusesWithoutSources(catalog, this.config.citation.noSources);
  }

  /**
   * The citation core's options for one answer. Without a conversation (the knowledge-base Q&A page) numbers
   * are always per answer.
   */
  async options(catalog: CitationCatalog, conversationId?: string): Promise<CitationStreamOptions> {
    const { numbering, numberingScope, support } = this.config.citation;
    const seed =
      numberingScope === 'conversation' && conversationId !== undefined
        ? await this.records.numberingSeed(conversationId)
        : undefined;
    return {
      numbering,
      ...(seed ? { numberingSeed: seed } : {}),
      ...(support.policy === 'off'
        ? {}
        : { checks: { policy: support.policy, verifier: this.claims, onFailure: this.reportFailure } }),
      ...(this.refuses(catalog) ? { refused: true } : {}),
    };
  }

  private readonly reportFailure = ({ error, paragraphLength }: { error: Error; paragraphLength: number }) => {
    this.logger.error({
      message: "support check failed; the paragraph's citations are left unverified",
      error: error.message,
      paragraphLength,
    });
  };

  relay(catalog: CitationCatalog, emit: (verdict: CitationVerdict) => void): VerdictRelay | undefined {
    return this.late ? new VerdictRelay(this.late, catalog, emit) : undefined;
  }
}
