import { Initial1795300000000 } from './1795300000000-initial.js';
import { KnowledgeBases1795400000000 } from './1795400000000-knowledge-bases.js';
import { IndexingJobs1795800000000 } from './1795800000000-indexing-jobs.js';

/** Every migration, in order. Register a new one here. */
export const MIGRATIONS = [Initial1795300000000, KnowledgeBases1795400000000, IndexingJobs1795800000000];
