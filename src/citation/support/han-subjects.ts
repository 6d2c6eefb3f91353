import type { SourceClause } from './claim-alignment.js';
import type { FoundConflict } from './found-conflict.js';
import type { ClaimSentence, ClaimText, Clause, ClauseTerm } from './claim-profile.js';
import { comparable, disagree, sameQuantity, type Quantity } from './quantity.js';
import { saysTotal, sumOfTwo } from './worked-out.js';
import { daysFromTo, inSpan } from './day-spans.js';

/**
 * What a Chinese source says of one thing given to another it names: "一等座票价为553元" against "二等座票价为553元，
 * 一等座为933元", "西区常住人口为86万人" against "东区常住人口为86万人，西区为52万人", "土星是太阳系中最大的行星"
 * against "木星是太阳系中最大的行星". Chinese names are written like any other words, so what a clause is about is
 * read from where it stands: the word a source clause opens with is one of the things the source speaks of, and
 * what a claim says after that word is its claim about it.
 */

/** A source clause must hold this share of what the claim says of its thing to be about the same property. */
const PREDICATE_COVERAGE = 0.5;
/** Without a number, the other thing's clause must hold nearly all of it, and say enough to be its own. */
const NAMED_COVERAGE = 0.8;
const NAMED_TERMS = 3;

export function subjectConflict(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  const subjects = sourceSubjects(source);
  // A source none of whose Chinese clauses opens with a thing gives no thing's property to another.
  if (subjects.size === 0) return undefined;
  for (const clause of claim.clauses) {
    if (!clause.holdsHan) continue;
    for (let t = 0; t < clause.terms.length; t++) {
      const word = clause.terms[t]!;
      if (!isThing(word)) continue;
      const thing = word.term;
      const own = ofContext(subjects.get(thing), clause);
      if (own === undefined) continue;
      const predicate = clause.terms.slice(t + 1).map((term) => term.term);
      // "借期21天" after "普通证…": the value alone is what a clause that opens with its thing and goes on from the
      // clause before says of it.
      if (predicate.length === 0 && (t > 0 || clause.context.size === 0 || clause.quantities.length === 0)) continue;
      // What the claim says of the thing comes after it: "住宿费一线城市每晚最多600元、其他城市400元" gives 600
      // to the first city, not to the other.
      // A total the clause says it adds up ("合计缴纳24%") is worked out from the source's values, not given.
      const totalled = saysTotal(clause);
      const said = clause.quantities.filter(
        (quantity) => quantity.start >= word.end && !(totalled && sumOfTwo(quantity, source.quantities)),
      );
      const found =
        said.length > 0
          ? valueConflict(said, thing, predicate, own, source, clause)
          : clause.quantities.length === 0
            ? claimConflict(clause, thing, predicate, own, source)
            : undefined;
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The thing's clauses that go on from what the claim clause goes on from: "普通证可借10册，借期30天；少儿证可借5册，借期21天"
 * gives 借期 twice, and "普通证…，借期21天" speaks of the first. All of them where none does, or the claim clause names its
 * own thing.
 */
function ofContext(own: SourceClause[] | undefined, clause: Clause): SourceClause[] | undefined {
  if (own === undefined || own.length < 2 || clause.context.size === 0) return own;
  const shares = (candidate: SourceClause) => [...candidate.clause.context].some((term) => clause.context.has(term));
  const narrowed = own.filter(shares);
  return narrowed.length > 0 ? narrowed : own;
}

/** A thing is named by a plain word of two or more characters, not an opposite or a denied word (下午, 不得). */
export function isThing(term: ClauseTerm): boolean {
  return !term.denied && !term.inverted && term.lower.length >= 2 && !term.term.endsWith('·');
}

/** The words a source clause says of its thing: its own and those it keeps from the clause before it. */
function covers(candidate: Clause, predicate: readonly string[]): number {
  if (predicate.length === 0) return 1;
  let held = 0;
  for (const term of predicate) if (candidate.termSet.has(term) || candidate.kept.has(term)) held++;
  return held / predicate.length;
}

/**
 * A number the claim gives its thing where the source gives that thing, for the same property, only other values;
 * or a number the source gives another thing for that property, where it gives the claim's thing another one.
 */
function valueConflict(
  quantities: readonly Quantity[],
  thing: string,
  predicate: readonly string[],
  own: readonly SourceClause[],
  source: ClaimText,
  claim: Clause,
): FoundConflict | undefined {
  // The clauses of the thing's sentences that name no other thing: they go on about the thing ("生肉在冷藏室中可保存1至
  // 2天，在−18℃以下的冷冻室中可保存3个月" gives −18℃ to raw meat too). Found once, for every value of the claim clause.
  let goingOn: SourceClause[] | undefined;
  const clausesGoingOn = () => {
    if (goingOn === undefined) {
      const sentences = new Set(own.map((candidate) => candidate.sentence));
      const subjects = sourceSubjects(source);
      goingOn = source.clauses.filter(
        (candidate) =>
          sentences.has(candidate.sentence) &&
          !own.includes(candidate) &&
          !subjects.has(candidate.clause.subject ?? ''),
      );
    }
    return goingOn;
  };
  for (const quantity of quantities) {
    if (quantity.cls.startsWith('term:') || quantity.cls === 'period') continue;
    const values = (candidate: SourceClause) =>
      candidate.clause.quantities.filter((held) => comparable(quantity, held) && held.cls !== 'period');
    const ofThing = own.filter((candidate) => values(candidate).length > 0);
    if (ofThing.some((candidate) => values(candidate).some((held) => sameQuantity(quantity, held)))) continue;
    // "周三开放" of a thing open "周二至周日".
    if (!inSpan(claim, quantity) && ofThing.some((candidate) => daysFromTo(candidate.clause, quantity))) continue;
    // A clause going on about the thing gives the value.
    const saidOn = clausesGoingOn().some(
      (candidate) =>
        candidate.clause.quantities.some((held) => sameQuantity(quantity, held)) &&
        // "满20年的享受15天" gives 15天 to another case than the claim's "满10年".
        !claim.quantities.some(
          (other) => other !== quantity && candidate.clause.quantities.some((held) => disagree(other, held)),
        ),
    );
    if (saidOn) continue;
    const disagreeing = (candidate: SourceClause) => values(candidate).every((held) => disagree(quantity, held));
    // The thing's own clause for this property says another value.
    const property = ofThing.filter((candidate) => covers(candidate.clause, predicate) >= PREDICATE_COVERAGE);
    if (property.length > 0 && property.every(disagreeing)) return at(quantity, values(property[0]!)[0]!, property[0]!);
    // The claim's value is another thing's, said of the same property; the thing's own value is another.
    // A thing the claim names itself is not another thing: "汤圆小火煮5分钟、浮起后再煮1分钟" gives 1分钟 to 浮起.
    const elsewhere = source.clauses.find(
      (candidate) =>
        candidate.clause.subject !== thing &&
        (candidate.clause.subject === undefined || !claim.termSet.has(candidate.clause.subject)) &&
        !candidate.clause.termSet.has(thing) &&
        !candidate.clause.context.has(thing) &&
        candidate.clause.quantities.some((held) => sameQuantity(quantity, held)) &&
        covers(candidate.clause, predicate) >= PREDICATE_COVERAGE,
    );
    if (elsewhere === undefined || ofThing.length === 0 || !ofThing.every(disagreeing)) continue;
    return at(quantity, values(ofThing[0]!)[0]!, ofThing[0]!);
  }
  return undefined;
}

function at(claim: Quantity, other: Quantity, candidate: SourceClause): FoundConflict {
  return { conflict: { kind: 'number', claim: claim.text, source: other.text }, sentence: candidate.sentence };
}

/**
 * A claim without a number that another thing's clause says nearly word for word, where nothing the source says of
 * the claim's thing says it: "土星是太阳系中最大的行星" against "木星是太阳系中最大的行星 … 土星的直径约为12万公里".
 */
function claimConflict(
  clause: Clause,
  thing: string,
  predicate: readonly string[],
  own: readonly SourceClause[],
  source: ClaimText,
): FoundConflict | undefined {
  if (predicate.length < NAMED_TERMS) return undefined;
  if (own.some((candidate) => covers(candidate.clause, predicate) >= PREDICATE_COVERAGE)) return undefined;
  // The other thing's clause says it itself, not by leaving words unsaid.
  const says = (candidate: Clause) => predicate.filter((term) => candidate.termSet.has(term)).length / predicate.length;
  const holders = source.clauses.filter(
    (candidate, at) =>
      says(candidate.clause) >= NAMED_COVERAGE &&
      candidate.clause.subject !== undefined &&
      candidate.clause.subject !== thing &&
      // "南临古城墙被列为…" names the wall "1988年，城墙被列为…" speaks of: the same thing, named in full.
      !namedInFull(clause, thing, candidate.clause.subject) &&
      !candidate.clause.termSet.has(thing) &&
      !candidate.clause.context.has(thing) &&
      !goesOnAbout(at, source, thing),
  );
  if (holders.length !== 1) return undefined;
  const other = holders[0]!;
  const rival = other.clause.terms[0]!;
  return {
    conflict: { kind: 'name', claim: textOf(clause, thing), source: rival.lower },
    sentence: other.sentence,
  };
}

/**
 * Whether the claim clause writes `other` as the end of the name `thing` opens ("南临古城墙" for 南临 and 城墙): no
 * more than a character between them.
 */
function namedInFull(clause: Clause, thing: string, other: string): boolean {
  const written = textOf(clause, thing);
  const at = clause.text.indexOf(written);
  if (at < 0) return false;
  const end = at + written.length;
  const next = clause.text.indexOf(other, end);
  return next >= 0 && next - end <= FULL_NAME_GAP;
}

const FULL_NAME_GAP = 1;

function textOf(clause: Clause, term: string): string {
  return clause.terms.find((own) => own.term === term)?.lower ?? term;
}

/** The things a source's clauses open with, each with its clauses; worked out once a source. */
export function sourceSubjects(source: ClaimText): ReadonlyMap<string, SourceClause[]> {
  let found = subjectsBySource.get(source);
  if (found === undefined) {
    found = new Map();
    for (const candidate of source.clauses) {
      const first = candidate.clause.terms[0];
      const subject = candidate.clause.subject;
      if (subject === undefined || first === undefined || !isThing(first) || !candidate.clause.holdsHan) continue;
      if (saysWhen(candidate.clause, first)) continue;
      found.set(subject, [...(found.get(subject) ?? []), candidate]);
    }
    subjectsBySource.set(source, found);
  }
  return found;
}

const subjectsBySource = new WeakMap<ClaimText, Map<string, SourceClause[]>>();

/** "水开后蒸15分钟", "出发前…": a clause that opens with when it happens, not with the thing it is about. */
function saysWhen(clause: Clause, first: ClauseTerm): boolean {
  const at = first.end - clause.start;
  return WHEN_MARKS.has(clause.text.charAt(at));
}

const WHEN_MARKS = new Set(['后', '前', '时']);

/**
 * Whether the source clause at `at` goes on from the clause before it in its sentence, which names the thing: "速冻包子无需解冻，
 * 冷水上锅" says 冷水上锅 of the 包子, its subject left unsaid.
 */
function goesOnAbout(at: number, source: ClaimText, thing: string): boolean {
  const before = source.clauses[at - 1];
  return before !== undefined && before.sentence === source.clauses[at]!.sentence && before.clause.termSet.has(thing);
}
