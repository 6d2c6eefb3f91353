import { Initial1795300000000 } from './1795300000000-initial.js';
import { KnowledgeBases1795400000000 } from './1795400000000-knowledge-bases.js';
import { AnswerJournal1795500000000 } from './1795500000000-answer-journal.js';
import { LegacyScreens1795600000000 } from './1795600000000-legacy-screens.js';
import { KnowledgeBaseQa1795700000000 } from './1795700000000-knowledge-base-qa.js';
import { IndexingJobs1795800000000 } from './1795800000000-indexing-jobs.js';
import { CitationTrust1795900000000 } from './1795900000000-citation-trust.js';
import { RetrievalIndexes1796100000000 } from './1796100000000-retrieval-indexes.js';
import { KnowledgeQaCitationSupport1796200000000 } from './1796200000000-knowledge-qa-citation-support.js';
import { AskRateOnLimiter1796250000000 } from './1796250000000-ask-rate-on-limiter.js';
import { KnowledgeTermCounts1796300000000 } from './1796300000000-knowledge-term-counts.js';
import { CitationVerdicts1796400000000 } from './1796400000000-citation-verdicts.js';
import { GeneratedPasswordFlag1796500000000 } from './1796500000000-generated-password-flag.js';
import { ItemChunkCount1796600000000 } from './1796600000000-item-chunk-count.js';
import { IndexingProgress1796700000000 } from './1796700000000-indexing-progress.js';
import { SharedCitationTables1796800000000 } from './1796800000000-shared-citation-tables.js';
import { UserChangeNotice1796900000000 } from './1796900000000-user-change-notice.js';

/** Every migration, in order. Register a new one here. */
export const MIGRATIONS = [
  Initial1795300000000,
  KnowledgeBases1795400000000,
  AnswerJournal1795500000000,
  LegacyScreens1795600000000,
  KnowledgeBaseQa1795700000000,
  IndexingJobs1795800000000,
  CitationTrust1795900000000,
  RetrievalIndexes1796100000000,
  KnowledgeQaCitationSupport1796200000000,
  AskRateOnLimiter1796250000000,
  KnowledgeTermCounts1796300000000,
  CitationVerdicts1796400000000,
  GeneratedPasswordFlag1796500000000,
  ItemChunkCount1796600000000,
  IndexingProgress1796700000000,
  SharedCitationTables1796800000000,
  UserChangeNotice1796900000000,
];
