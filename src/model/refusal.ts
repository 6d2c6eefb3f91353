import { of, type Observable } from 'rxjs';
import type { CitationCatalog } from '../citation/citation-catalog.js';
import { hasCjk } from '../text/terms.js';
import type { ModelDelta } from './model-provider.js';

/** What to do when retrieval offers no source: answer without sources (flagged uncited), or refuse. */
import type { NoSourcesPolicy } from '../platform/config/app-config.js';

export type { NoSourcesPolicy };

/** The one paragraph said when the knowledge bases hold nothing that answers the question, in its language. */
export function refusalText(question: string): string {
  return hasCjk(question)
    ? '知识库中没有找到与这个问题相关的内容，因此无法依据资料作答。'
    : 'The knowledge base has nothing relevant to this question, so it cannot be answered from the sources.';
}

export function refusesWithoutSources(catalog: CitationCatalog, policy: NoSourcesPolicy): boolean {
  return policy === 'refuse' && catalog.entries.length === 0;
}

/** The refusal as the model's own output would stream it: no model is called, nothing is paid for. */
export function refusalDeltas(question: string): Observable<ModelDelta> {
  const answer = JSON.stringify({ paragraphs: [{ text: refusalText(question), citationIds: [] }] });
  return of<ModelDelta[]>({ type: 'content', text: answer }, { type: 'finish', reason: 'stop' });
}
