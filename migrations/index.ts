import { Initial1795300000000 } from './1795300000000-initial.js';
import { KnowledgeBases1795400000000 } from './1795400000000-knowledge-bases.js';
import { CitationTrust1795900000000 } from './1795900000000-citation-trust.js';

/** Every migration, in order. Register a new one here. */
export const MIGRATIONS = [Initial1795300000000, KnowledgeBases1795400000000, CitationTrust1795900000000];
