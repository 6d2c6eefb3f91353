import type { SourceClause } from './claim-alignment.js';
import type { FoundConflict } from './claim-conflicts.js';
import type { ClaimSentence, ClaimText, Clause, ClauseTerm } from './claim-profile.js';
import { sourceSubjects } from './han-subjects.js';
import type { Quantity } from './quantities.js';

/**
 * A Chinese comparison the source's numbers answer: "商铺的物业费标准比住宅低" against 住宅 2.5元 and 商铺 5元,
 * "西区的常住人口比东区多" against 东区 86万人 and 西区 52万人. Both things must be things the source's clauses
 * speak of, each with one value of one kind for the property compared, and the comparison must say the other way.
 */

/** "A比B多", "A高于B": the comparatives and which way each one goes. */
const MORE = new Set('多大高长贵重'.split(''));
const LESS = new Set('少小低短轻'.split(''));
/** 便宜 (cheaper) is two characters: it is read by its first. */
const LESS_WORDS = ['便宜'];
/** A verb's first character before a comparative character: 增长, 降低, 提高 say a change. */
const CHANGE_VERBS = new Set('增延提降减缩加升拉放扩变'.split(''));
/** Words where 比 does not compare two things. */
const NOT_COMPARING = ['同比', '环比', '对比', '相比', '比较', '比例', '比赛', '比如', '无比', '好比', '比率', '比重'];
/** How far after 比 the comparative may stand: the other thing's name and a 的, 还 or 更. */
const REACH = 8;

const HAN = /\p{Script=Han}/u;

interface Comparison {
  /** The claim's words for the first and second thing: their place in the text. */
  first: { from: number; to: number };
  second: { from: number; to: number };
  /** The first is said to be more (多, 高, 大 …) than the second. */
  more: boolean;
}

function comparisonIn(clause: Clause): Comparison | undefined {
  const text = clause.text;
  for (let at = text.indexOf('比'); at >= 0; at = text.indexOf('比', at + 1)) {
    if (NOT_COMPARING.some((word) => text.startsWith(word, at - word.indexOf('比')))) continue;
    for (let k = at + 2; k < Math.min(text.length, at + 1 + REACH); k++) {
      // 增长, 降低: a change, not a comparative.
      if (CHANGE_VERBS.has(text[k - 1]!)) continue;
      const more = MORE.has(text[k]!);
      const less = LESS.has(text[k]!) || LESS_WORDS.some((word) => text.startsWith(word, k));
      if (!more && !less) continue;
      return { first: { from: 0, to: at }, second: { from: at + 1, to: k }, more };
    }
  }
  // "A高于B", "A低于B".
  for (let k = 1; k + 1 < text.length; k++) {
    if (text[k + 1] !== '于') continue;
    const more = MORE.has(text[k]!);
    if (!more && !LESS.has(text[k]!)) continue;
    return { first: { from: 0, to: k }, second: { from: k + 2, to: text.length }, more };
  }
  return undefined;
}

/** The claim's terms written in a part of its clause. */
function termsIn(clause: Clause, part: { from: number; to: number }): ClauseTerm[] {
  const from = clause.start + part.from;
  const to = clause.start + part.to;
  return clause.terms.filter((term) => term.start >= from && term.end <= to);
}

/**
 * A clause that leaves its thing unsaid ("…，直径约为14.3万公里" after "木星是…") speaks of the thing before it, unless it
 * names another thing the source speaks of elsewhere ("…，西区为52万人" after "东区…").
 */
function speaksOn(
  candidate: SourceClause,
  thing: string,
  subjects: ReadonlyMap<string, readonly SourceClause[]>,
): boolean {
  if (!candidate.clause.context.has(thing)) return false;
  return !candidate.clause.terms.some((term) =>
    (subjects.get(term.term) ?? []).some((other) => other.clause !== candidate.clause),
  );
}

/** A value of a thing: a number its clause gives, with what the rest of the sentence says it measures. */
interface Valued {
  quantity: Quantity;
  candidate: SourceClause;
}

/** Amounts that compare: not times of day, dates, ranks, frequencies, versions or names. */
const MEASURED = /^(?:time|length|mass|volume|money|percent|energy|power|area|charge|loudness|count:|length\/time)/u;

function valuesOf(
  thing: string,
  source: ClaimText,
  subjects: ReadonlyMap<string, readonly SourceClause[]>,
  property: readonly string[],
): Valued[] {
  const found: Valued[] = [];
  for (const candidate of source.clauses) {
    const clause = candidate.clause;
    if (!clause.termSet.has(thing) && !speaksOn(candidate, thing, subjects)) continue;
    // The property compared is said in the clause, the words it leaves unsaid, or its sentence.
    const sentence = source.sentences[candidate.sentence]!;
    const said = property.filter((term) => sentence.terms.has(term) || clause.context.has(term)).length;
    if (property.length > 0 && said * 2 < property.length) continue;
    for (const quantity of clause.quantities) {
      if (MEASURED.test(quantity.cls) && !quantity.range && !(quantity.loose && !quantity.approx)) {
        found.push({ quantity, candidate });
      }
    }
  }
  return found;
}

export function comparisonConflict(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  const subjects = sourceSubjects(source);
  for (const clause of claim.clauses) {
    if (!HAN.test(clause.text)) continue;
    const comparison = comparisonIn(clause);
    if (comparison === undefined) continue;
    const firstTerms = termsIn(clause, comparison.first);
    const first = firstTerms.find((term) => subjects.has(term.term));
    const second = termsIn(clause, comparison.second).find((term) => subjects.has(term.term));
    if (first === undefined || second === undefined || first.term === second.term) continue;
    const property = firstTerms.filter((term) => term.start > first.start).map((term) => term.term);
    const ofFirst = valuesOf(first.term, source, subjects, property).filter(
      (v) => !v.candidate.clause.termSet.has(second.term),
    );
    const ofSecond = valuesOf(second.term, source, subjects, property).filter(
      (v) => !v.candidate.clause.termSet.has(first.term),
    );
    // One kind of amount both things are given, and one value of it each.
    const kinds = new Set(
      ofFirst.map((v) => v.quantity.cls).filter((cls) => ofSecond.some((v) => v.quantity.cls === cls)),
    );
    if (kinds.size !== 1) continue;
    const [kind] = kinds;
    const a = ofFirst.filter((v) => v.quantity.cls === kind);
    const b = ofSecond.filter((v) => v.quantity.cls === kind);
    if (a.length !== 1 || b.length !== 1 || a[0]!.quantity.value === b[0]!.quantity.value) continue;
    if (a[0]!.quantity.value > b[0]!.quantity.value === comparison.more) continue;
    return {
      conflict: {
        kind: 'number',
        claim: clause.text,
        source: `${a[0]!.quantity.text} / ${b[0]!.quantity.text}`,
      },
      sentence: a[0]!.candidate.sentence,
    };
  }
  return undefined;
}
