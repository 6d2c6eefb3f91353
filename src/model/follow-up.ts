import { hasCjk, terms } from '../text/terms.js';

/** Earlier questions a follow-up may lean on at most: a chain of follow-ups reaches back this far. */
const MAX_EARLIER = 3;

/** Openings and pronouns that point back at an earlier question, in English and in Chinese. */
const LEANING_OPENING = /^\s*(and|but|so|also|then|what about|how about|and what|why not)\b/i;
const LEANING_WORD = /\b(it|its|itself|these|those|they|them)\b/i;
const LEANING_CHINESE = /^\s*(那|那么|还有|而且|另外|以及|再)|它|这个|那个|这些|那些/u;
/** A question with fewer terms of its own than this names no subject of its own. */
const FEW_TERMS = 2;

/** True when a question cannot be understood without an earlier one: "and how is it stored?". */
export function leansOnEarlier(question: string): boolean {
  if (hasCjk(question) ? LEANING_CHINESE.test(question) : LEANING_OPENING.test(question)) return true;
  if (!hasCjk(question) && LEANING_WORD.test(question)) return true;
  return terms(question).length < FEW_TERMS;
}

/**
 * The text to search the knowledge bases for. A question that stands alone is searched as it is; a follow-up is
 * searched together with the earlier questions it leans on (the last one, and further back while those are
 * follow-ups too), so that "and how is it stored?" after a question about citation numbers searches for how
 * citation numbers are stored. Lexical search needs no more than the earlier questions' words.
 */
export function followUpQuery(question: string, earlierQuestions: readonly string[]): string {
  if (earlierQuestions.length === 0 || !leansOnEarlier(question)) return question;
  const leanedOn: string[] = [];
  for (let i = earlierQuestions.length - 1; i >= 0 && leanedOn.length < MAX_EARLIER; i--) {
    const earlier = earlierQuestions[i]!;
    leanedOn.unshift(earlier);
    if (!leansOnEarlier(earlier)) break;
  }
  return [...leanedOn, question].join('\n');
}
