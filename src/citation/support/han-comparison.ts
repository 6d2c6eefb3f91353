import type { SourceClause } from './claim-alignment.js';
import type { FoundConflict } from './found-conflict.js';
import type { ClaimSentence, ClaimText, Clause, ClauseTerm } from './claim-profile.js';
import { sourceSubjects } from './han-subjects.js';
import { isBound, type Quantity } from './quantity.js';

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
/** How far after 比 the comparative may stand: the other thing's name, a 的, 还 or 更, and what it is per (每立方米). */
const REACH = 12;

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

/** Whether a Chinese clause compares two things ("A比B多", "A高于B"). */
export function comparesInChinese(clause: Clause): boolean {
  return comparisonIn(clause) !== undefined;
}

/** The claim's terms written in a part of its clause. */
function termsIn(clause: Clause, part: { from: number; to: number }): ClauseTerm[] {
  const from = clause.start + part.from;
  const to = clause.start + part.to;
  return clause.terms.filter((term) => term.start >= from && term.end <= to);
}

/**
 * A clause that leaves its thing unsaid ("…，直径约为14.3万公里" after "木星是…") speaks of the thing before it, unless
 * it names the other thing compared ("…，西区为52万人" after "东区…").
 */
function speaksOn(candidate: SourceClause, thing: string, other: string): boolean {
  return candidate.clause.context.has(thing) && !candidate.clause.termSet.has(other);
}

/** A value of a thing: a number its clause gives, and how much of the property compared its clause or sentence says. */
interface Valued {
  quantity: Quantity;
  candidate: SourceClause;
  said: number;
}

/** Amounts that compare: not times of day, dates, ranks, frequencies, versions or names. */
const MEASURED = /^(?:time|length|mass|volume|money|percent|energy|power|area|charge|loudness|count:|length\/time)/u;

function valuesOf(thing: string, other: string, source: ClaimText, property: readonly string[]): Valued[] {
  const found: Valued[] = [];
  for (const candidate of source.clauses) {
    const clause = candidate.clause;
    // A clause naming both things ("西区…为18平方米，高于东区的11平方米" is read clause by clause) is neither's.
    if (clause.termSet.has(other) || (!clause.termSet.has(thing) && !speaksOn(candidate, thing, other))) continue;
    // The property compared is said in the clause or the words it leaves unsaid, or else in its sentence; what the
    // clause says itself counts first.
    const sentence = source.sentences[candidate.sentence]!;
    const inSentence = property.filter((term) => sentence.terms.has(term) || clause.context.has(term)).length;
    if (property.length > 0 && inSentence * 2 < property.length) continue;
    const saying = (other: Clause) =>
      property.filter((term) => other.termSet.has(term) || other.context.has(term)).length;
    const inClause = saying(clause);
    // Where another clause of the sentence gives a number and says the property itself ("北京市面积约1.64万平方公里，
    // 常住人口约2185万人"), the property is that clause's, not this one's.
    const elsewhere = source.clauses.some(
      (other) =>
        other.sentence === candidate.sentence &&
        other.clause !== clause &&
        other.clause.quantities.length > 0 &&
        saying(other.clause) * 2 >= property.length,
    );
    if (property.length > 0 && inClause * 2 < property.length && elsewhere) continue;
    const said = inClause * (property.length + 1) + inSentence;
    for (const quantity of clause.quantities) {
      if (MEASURED.test(quantity.cls) && !quantity.range && !isBound(quantity)) {
        found.push({ quantity, candidate, said });
      }
    }
  }
  return found;
}

export function comparisonConflict(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  const subjects = sourceSubjects(source);
  for (const clause of claim.clauses) {
    if (!clause.holdsHan) continue;
    const comparison = comparisonIn(clause);
    if (comparison === undefined) continue;
    const firstTerms = termsIn(clause, comparison.first);
    const first = firstTerms.find((term) => subjects.has(term.term));
    const second = termsIn(clause, comparison.second).find((term) => subjects.has(term.term));
    if (first === undefined || second === undefined || first.term === second.term) continue;
    const property = firstTerms.filter((term) => term.start > first.start).map((term) => term.term);
    const ofFirst = valuesOf(first.term, second.term, source, property);
    const ofSecond = valuesOf(second.term, first.term, source, property);
    // The kind of amount both things are given whose clauses say most of the property compared ("员工" picks
    // 3200人 over 120亿元), and one value of it each.
    const kinds = new Map<string, number>();
    for (const a of ofFirst) {
      for (const b of ofSecond) {
        if (a.quantity.cls !== b.quantity.cls) continue;
        kinds.set(a.quantity.cls, Math.max(kinds.get(a.quantity.cls) ?? 0, Math.min(a.said, b.said)));
      }
    }
    const top = Math.max(0, ...kinds.values());
    const best = [...kinds].filter(([, said]) => said === top);
    if (best.length !== 1) continue;
    const [[kind]] = best as [[string, number]];
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
