import { englishConcept, hanConcepts } from './bilingual-words.js';
import { wordStem } from './claim-words.js';
import { valueConflict, type FoundConflict } from './found-conflict.js';
import type { ClaimSentence, ClaimText, Clause } from './claim-profile.js';
import { comparable, disagree, sameQuantity, sameSideBounds, type Quantity } from './quantity.js';
import { hasHan } from './claim-tokens.js';
import { isCnNumeral } from './quantity-words.js';
import { Note } from './notes.js';
import { saysTotal, spokenShares, workedOut } from './worked-out.js';

/**
 * A claim in another language than its source. Words cannot be compared, so it is never verified; what both
 * languages write alike can still be: numbers with their units, times and dates, codes and names written in
 * Latin letters (G123, LH 402, IPX8), and the few words of a bilingual table (`bilingual-words.ts`). These bind
 * the claim to the source sentence and clause it speaks of, and a number that disagrees with every value of its
 * kind there is a contradiction. A claim that binds to nothing can only disagree with a number of a kind the
 * source gives a single value of.
 */

/** Whether the claim sentence is in another language than the source. */
export function inOtherLanguage(claim: ClaimSentence, source: ClaimText): boolean {
  if (claim.han !== source.han) return true;
  // A short sentence that mixes in Chinese ("Kindle Paperwhite重250克") against a source that writes none. A source
  // in both languages speaks to a sentence in either.
  return claim.holdsHan && !writesHan(source);
}

function writesHan(source: ClaimText): boolean {
  let found = hanSources.get(source);
  if (found === undefined) {
    found = source.sentences.some((sentence) => sentence.holdsHan);
    hanSources.set(source, found);
  }
  return found;
}

const hanSources = new WeakMap<ClaimText, boolean>();

/** A code or a numbered name: `full` with its letters (g123, lh402), `digits` alone (9014 in 9014次). */
interface Identifier {
  full?: string;
  digits: string;
}

/** A name or code sharing the other's number: the same letters where both write letters. */
function sameIdentifier(a: Identifier, b: Identifier): boolean {
  return a.digits === b.digits && (a.full === undefined || b.full === undefined || a.full === b.full);
}

/** Train, flight and product numbers: numbered names, versions of a name (LH 402) and Chinese 9014次, 11号. */
function identifiersOf(sentence: ClaimSentence): Identifier[] {
  const found: Identifier[] = [];
  for (const clause of sentence.clauses) {
    for (const term of clause.terms) {
      // A Chinese numbered name (11号) is read from its quantity below.
      if (!term.name || !/\d/.test(term.lower) || hasHan(term.lower)) continue;
      const full = term.lower.replace(/[\s\-–]/g, '');
      const digits = full.replace(/\D/g, '');
      if (digits.length > 0 && /\p{L}/u.test(full)) found.push({ full, digits });
    }
    for (const quantity of clause.quantities) {
      const digits = String(quantity.raw);
      if (quantity.cls.startsWith('version:') && Number.isInteger(quantity.raw)) {
        found.push({ full: `${quantity.cls.slice('version:'.length)}${digits}`, digits });
      } else if (quantity.cls === 'term:号' || (quantity.cls === 'count:次' && quantity.raw >= 100)) {
        found.push({ digits });
      }
    }
  }
  return found;
}

/** Each sentence's identifiers, worked out once a source. */
function sourceIdentifiers(source: ClaimText): Identifier[][] {
  let found = identifiersBySource.get(source);
  if (found === undefined) {
    found = source.sentences.map(identifiersOf);
    identifiersBySource.set(source, found);
  }
  return found;
}

const identifiersBySource = new WeakMap<ClaimText, Identifier[][]>();

/** The concepts a clause speaks of, with those of the clause it goes on from ("洗一次只要15分钟" after "快洗程序…"). */
function conceptsOf(clause: Clause, previous: Clause | undefined): Set<string> {
  let found = conceptsByClause.get(clause);
  if (found === undefined) {
    found = new Set();
    const own = (c: Clause) => {
      if (c.holdsHan) hanConcepts(c.text, found);
      else for (const term of c.terms) addConcept(found!, term.term);
    };
    own(clause);
    if (previous !== undefined && clause.context.size > 0) own(previous);
    conceptsByClause.set(clause, found);
  }
  return found;
}

const conceptsByClause = new Note<Set<string>>();

/** The concepts of every clause of a source sentence, worked out once a source. */
function sentenceConcepts(source: ClaimText, sentence: number): ReadonlySet<string> {
  let bySentence = conceptsBySentence.get(source);
  if (bySentence === undefined) {
    bySentence = source.sentences.map(() => new Set<string>());
    source.clauses.forEach(({ clause, sentence: s }, i) => {
      const before = source.clauses[i - 1];
      for (const concept of conceptsOf(clause, before?.sentence === s ? before.clause : undefined)) {
        bySentence![s]!.add(concept);
      }
    });
    conceptsBySentence.set(source, bySentence);
  }
  return bySentence[sentence]!;
}

const conceptsBySentence = new WeakMap<ClaimText, Set<string>[]>();

function addConcept(into: Set<string>, term: string): void {
  // A term is read as its stem or sense already; a word from a count's text ("people", "countries") is read as its stem.
  const concept = englishConcept(term) ?? englishConcept(wordStem(term));
  if (concept !== undefined) into.add(concept);
  // "hard-seat", "gold-medal": each part says its own.
  if (term.includes('-')) for (const part of term.split('-')) addConcept(into, part);
}

/** A count's text after its numeral, in digits or Chinese: 次 of 一次, 个人 of 8个人. */
function withoutNumeral(text: string): string {
  let at = 0;
  while (at < text.length && (/[\d.,\s]/.test(text[at]!) || isCnNumeral(text[at]!))) at++;
  return text.slice(at);
}

/** What a count counts, as concepts: the words after its number in its clause ("72 treasure ships", "62艘"). */
function countedConcepts(quantity: Quantity, clause: Clause): ReadonlySet<string> {
  const counted = countedByClause.get(clause) ?? countedByClause.set(clause, new Map<Quantity, Set<string>>());
  let concepts = counted.get(quantity);
  if (concepts !== undefined) return concepts;
  const after = clause.text.slice(quantity.start - clause.start);
  concepts = new Set<string>();
  // Chinese: the measure word and the thing after it, up to a particle ("15 Plus的屏幕" counts no screen).
  // The numeral is not what is counted: 一次 counts times, not a dose.
  if (hasHan(after)) {
    const counted = withoutNumeral(quantity.text);
    hanConcepts(counted + (COUNTED_HAN.exec(after.slice(quantity.text.length))?.[0] ?? ''), concepts);
  } else {
    for (const word of (after.match(/\p{L}+/gu) ?? []).slice(0, COUNTED_WORDS)) {
      const lower = word.toLowerCase();
      addConcept(concepts, lower);
      addConcept(concepts, lower.replace(/e?s$/, ''));
    }
  }
  counted.set(quantity, concepts);
  return concepts;
}

/** Each count's concepts, by its clause, worked out once: a source's counts are compared with many claims. */
const countedByClause = new Note<Map<Quantity, Set<string>>>();

/** How far after a count's number the thing counted is looked for. */
const COUNTED_HAN = /^[^的是为和与及或，。；、\s]{0,4}/u;
const COUNTED_WORDS = 3;

interface Held {
  quantity: Quantity;
  clause: Clause;
  previous: Clause | undefined;
  sentence: number;
}

/**
 * An age, in whichever way each language writes it: 16周岁, 12岁, "16 years old", "a 12-year-old", "aged 18 to 30
 * years". Chinese counts an age in 岁 and English as a length of time, so an age is told apart from a length of time
 * ("16 years old" against "登记须在15日内" compares nothing). Ages are then left unjudged across the languages:
 * each writes an age's bound its own way (年满16周岁, "16 or over", "12岁以下" with or without 12), and comparing them
 * warned about more correct sentences than wrong ones.
 */
function isAge(quantity: Quantity, clause: Clause): boolean {
  if (quantity.cls === 'count:岁' || quantity.cls === 'count:year-old') return true;
  if (quantity.unit !== 'year' && quantity.cls !== 'bare') return false;
  if (AGED.test(clause.text.slice(0, quantity.start - clause.start))) return true;
  return quantity.unit === 'year' && YEARS_OLD.test(clause.text.slice(quantity.end - clause.start));
}

const YEARS_OLD = /^(?:\s+of\s+age\b|[\s-]+old\b)/iu;
/** "aged 18 to 30 years": the age word before the range's first end. */
const AGED = /\b(?:aged?|ages)\s+(?:between\s+)?(?:\d+\s*(?:to|-|–|and)\s*)?$/iu;

/**
 * A claim's "monthly", "每天", "each year": once a period, said without a number. It names how a thing is sold or
 * paid as often as how often it happens ("the monthly pass", "paying annually", 月卡, 年付), and the source's word for
 * that is read as no period at all, so the claim's word is not set against the source's other periods.
 */
function onceAPeriod(quantity: Quantity): boolean {
  return quantity.cls === 'period' && quantity.raw === 1;
}

/** A count or a Chinese number written before what it counts (41部钢琴协奏曲), with its clause. */
function isCount(quantity: Quantity, clause: Clause): boolean {
  if (quantity.cls.startsWith('count:')) return true;
  if (quantity.cls !== 'bare') return false;
  return hasHan(clause.text.charAt(quantity.end - clause.start));
}

/** Two numbers of one kind across the languages: the same unit's class, or counts of the same thing. */
function comparableAcross(claim: Quantity, claimClause: Clause, other: Held): boolean {
  if (isCount(claim, claimClause) && isCount(other.quantity, other.clause)) {
    const counted = countedConcepts(claim, claimClause);
    for (const concept of countedConcepts(other.quantity, other.clause)) if (counted.has(concept)) return true;
    return false;
  }
  return claim.cls !== 'bare' && comparable(claim, other.quantity) && !other.quantity.cls.startsWith('count:');
}

/**
 * Kinds that never disagree across languages: a code's number (LH 402, 11号: it names, and binds), a day of the
 * week, a difference or a total. A version (Python 3.9) is a value.
 */
function judged(quantity: Quantity): boolean {
  return !(
    quantity.cls === 'weekday' ||
    quantity.cls.startsWith('term:') ||
    quantity.cls.startsWith('diff:') ||
    quantity.cls.startsWith('sum:') ||
    (quantity.cls.startsWith('version:') && Number.isInteger(quantity.raw))
  );
}

/** A name, a code or a number of another kind both sides give binds this strongly; a shared word, by 1. */
const IDENTIFIER_WEIGHT = 2;
const SHARED_QUANTITY_WEIGHT = 1.5;
const SENTENCE_WEIGHT = 0.5;

/**
 * A claim in another language: a number that disagrees with every value of its kind in the source clauses the
 * claim binds to. Sentences that name another code than the claim's (G125 for a claim about G123) are not spoken
 * of. Where only shared words bind, or nothing does, the values of the kind there must be one.
 */
export function crossLanguageConflict(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  // A conflict needs a value on each side: most sources of another language give none the check judges.
  if (!claim.quantities.some(judged) || !source.quantities.some(judged)) return undefined;
  // A sentence that shows its working ("¥13 + 7 × ¥2.30 = ¥29.10", "14美元加5美元", "i.e. ¥7,000") gives numbers
  // worked out in ways the check cannot follow across the languages.
  if (SHOWS_WORKING.test(claim.text)) return undefined;
  const identifiers = identifiersOf(claim);
  const bySentence = sourceIdentifiers(source);
  const named = bySentence.map((held) => held.some((id) => identifiers.some((own) => sameIdentifier(own, id))));
  // A sentence naming codes none of which is the claim's speaks of something else.
  const spokenOf = bySentence.map((held, s) => identifiers.length === 0 || held.length === 0 || named[s]!);
  const sourceHeld: Held[] = [];
  source.clauses.forEach(({ clause, sentence }, i) => {
    if (!spokenOf[sentence]) return;
    const before = source.clauses[i - 1];
    const previous = before?.sentence === sentence ? before.clause : undefined;
    for (const quantity of clause.quantities)
      if (judged(quantity) && !isAge(quantity, clause)) sourceHeld.push({ quantity, clause, previous, sentence });
  });
  // Without a value in the sentences spoken of, the claim's clauses need not be read.
  if (sourceHeld.length === 0) return undefined;
  for (let c = 0; c < claim.clauses.length; c++) {
    const clause = claim.clauses[c]!;
    let periods: readonly number[] | undefined;
    for (const quantity of endsFirst(clause.quantities)) {
      if (
        !judged(quantity) ||
        isAge(quantity, clause) ||
        onceAPeriod(quantity) ||
        (quantity.cls === 'bare' && !isCount(quantity, clause))
      ) {
        continue;
      }
      // The amount of a rate the source gives, its period said apart ("每天…12欧元" for "€12 per day").
      periods ??= periodsSaid(clause);
      if (sourceHeld.some((held) => amountOfRate(quantity, held.quantity, periods!))) continue;
      const candidates = sourceHeld.filter((held) => comparableAcross(quantity, clause, held));
      const same = (held: Held) =>
        sameQuantity(quantity, held.quantity) || (isCount(quantity, clause) && quantity.value === held.quantity.value);
      if (candidates.length === 0) continue;
      const concepts = conceptsOf(clause, claim.clauses[c - 1]);
      if (candidates.some(same)) {
        const swapped = swappedAcross(quantity, clause, claim, candidates, same);
        if (swapped !== undefined) return valueConflict(quantity, swapped.quantity, swapped.sentence);
        continue;
      }
      const strength = (held: Held) => {
        let strong = named[held.sentence] ? IDENTIFIER_WEIGHT : 0;
        // The same number in another unit ("10周" for "10 days") is the value the claim restates, its unit changed; so
        // is a span's end in another unit, the other end the same ("1 to 3 weeks" for "1至3个工作日").
        if (held.quantity.raw === quantity.raw && sameEnds(held.quantity, quantity)) strong += SHARED_QUANTITY_WEIGHT;
        for (const own of clause.quantities) {
          if (own !== quantity && held.clause.quantities.some((other) => sameQuantity(own, other))) {
            strong += SHARED_QUANTITY_WEIGHT;
          }
        }
        // A word of the clause binds; a word of its sentence ("快洗程序…，整个洗涤过程只要15分钟") binds half as much.
        const own = conceptsOf(held.clause, held.previous);
        const around = sentenceConcepts(source, held.sentence);
        let weak = 0;
        for (const concept of concepts) weak += own.has(concept) ? 1 : around.has(concept) ? SENTENCE_WEIGHT : 0;
        // A bound binds to a bound of its side, as a shared word does: "the maximum weight … is 50 kg" speaks of
        // "不得超过30公斤", not of "首重1公斤".
        if (sameSideBounds(quantity, held.quantity)) weak += 1;
        return { strong, score: strong + weak };
      };
      let top = 0;
      let best: Held[] = [];
      let strong = 0;
      for (const held of candidates) {
        const scored = strength(held);
        if (scored.score > top + 1e-9) {
          top = scored.score;
          best = [held];
          strong = scored.strong;
        } else if (Math.abs(scored.score - top) <= 1e-9) {
          best.push(held);
          strong = Math.max(strong, scored.strong);
        }
      }
      // Several values and only a shared word to choose between them: the claim may speak of another one, unless
      // one value alone is said in the claim's own unit ("4小时" against "2 hours", "12 months", "2 years").
      if (valuesOf(best) > 1 && strong === 0) {
        best = inOwnUnit(quantity, clause, best, sourceHeld);
        if (valuesOf(best) !== 1) continue;
      }
      // Counts of one thing are compared as one kind, whatever each language calls it.
      const against = (held: Held) =>
        isCount(quantity, clause) ? { ...held.quantity, cls: quantity.cls } : held.quantity;
      if (!best.every((held) => disagree(quantity, against(held)))) continue;
      const other = best[0]!;
      const sentence = source.sentences[other.sentence]!;
      const said = sharesSaid(concepts, other, source);
      const from = {
        totalled: saysTotal(clause),
        shares: [...spokenShares(claim.clauses.map((own) => ({ clause: own }))), ...said.shares],
        changes: [...claim.quantities.filter((q) => q.cls === 'percent'), ...said.changes],
      };
      if (workedOut(quantity, other.quantity, claim.quantities, sentence.quantities, from)) continue;
      return valueConflict(quantity, other.quantity, other.sentence);
    }
  }
  return undefined;
}

/**
 * Two values the claim trades between the two things the source gives them to: "下载速度为75 Mbps，上传速度为500 Mbps"
 * against "download speed is 500 Mbps and upload speed 75 Mbps". The source clause that holds the claim's value says
 * none of the claim clause's words the bilingual table knows, and one other clause of its sentence says the most of
 * them, with another value; the claim gives that value in another clause, whose words are the first clause's.
 */
function swappedAcross(
  quantity: Quantity,
  clause: Clause,
  claim: ClaimSentence,
  candidates: readonly Held[],
  same: (held: Held) => boolean,
): Held | undefined {
  const concepts = ownConcepts(clause);
  if (concepts.size === 0) return undefined;
  const shared = (held: Held, with_: ReadonlySet<string>) => {
    let count = 0;
    for (const concept of ownConcepts(held.clause)) if (with_.has(concept)) count++;
    return count;
  };
  const holding = candidates.filter(same);
  if (holding.some((held) => shared(held, concepts) > 0)) return undefined;
  let best: Held | undefined;
  let top = 0;
  let tie = false;
  for (const held of candidates) {
    if (same(held) || !holding.some((own) => own.sentence === held.sentence)) continue;
    const score = shared(held, concepts);
    if (score > top) [best, top, tie] = [held, score, false];
    else if (score === top && best !== undefined && !sameQuantity(best.quantity, held.quantity)) tie = true;
  }
  if (best === undefined || tie || !disagree(quantity, best.quantity)) return undefined;
  const traded = best;
  return claim.clauses.some((other) => {
    if (other === clause || !other.quantities.some((own) => sameQuantity(own, traded.quantity))) return false;
    const words = ownConcepts(other);
    return holding.some((held) => held.sentence === traded.sentence && shared(held, words) > shared(traded, words));
  })
    ? traded
    : undefined;
}

/** The concepts a clause says itself, without those of the clause it goes on from. */
function ownConcepts(clause: Clause): ReadonlySet<string> {
  let found = ownConceptsByClause.get(clause);
  if (found === undefined) {
    found = new Set();
    if (clause.holdsHan) hanConcepts(clause.text, found);
    else for (const term of clause.terms) addConcept(found, term.term);
    ownConceptsByClause.set(clause, found);
  }
  return found;
}

const ownConceptsByClause = new Note<Set<string>>();

/**
 * The held values said in the claim's unit, where they are the only ones that could be the claim's: not when the
 * source holds the claim's number in another form ("4 hours per member per day" for "4个小时"), nor for a count,
 * whose thing binds it, nor for a number written in words (三日通票 names a pass, "一天" a period).
 */
function inOwnUnit(quantity: Quantity, clause: Clause, best: readonly Held[], held: readonly Held[]): Held[] {
  if (isCount(quantity, clause) || !DIGIT.test(quantity.text)) return [];
  if (held.some(({ quantity: other }) => other.raw === quantity.raw)) return [];
  return best.filter(({ quantity: other }) => other.unit === quantity.unit);
}

const DIGIT = /\d/;

/** How many values the held numbers give: the two ends of a range are one value. */
function valuesOf(held: readonly Held[]): number {
  return new Set(held.map(({ quantity: q }) => `${q.cls}:${q.range?.join('-') ?? q.value}:${q.key ?? ''}`)).size;
}

/**
 * The shares and changes a value may have been worked out with, besides the claim's own ("half the 60-yuan adult
 * price", 八折, "20% off"): those of a source clause that speaks of what the claim's clause speaks of, or of nothing the
 * bilingual table knows. "学生票半价" works out "Student tickets cost 30 yuan", not "Adult tickets cost 30 yuan".
 */
function sharesSaid(
  concepts: ReadonlySet<string>,
  held: Held,
  source: ClaimText,
): { shares: number[]; changes: Quantity[] } {
  const found = { shares: [] as number[], changes: [] as Quantity[] };
  const heldConcepts = conceptsOf(held.clause, held.previous);
  source.clauses.forEach(({ clause, sentence }, i) => {
    const shares = spokenShares([{ clause }]);
    // A percentage changes a value only where its clause says a change ("25% off", "上浮20%"), not a share of people.
    const changes = CHANGE_WORDS.test(clause.text) ? clause.quantities.filter((q) => q.cls === 'percent') : [];
    if (shares.length === 0 && changes.length === 0) return;
    const before = source.clauses[i - 1];
    // A Chinese clause's own words, read from forms of two characters or more: 周末 says no 末.
    const own = clause.holdsHan
      ? hanConcepts(clause.text, new Set(), 2)
      : conceptsOf(clause, before?.sentence === sentence ? before.clause : undefined);
    const apart = [...own].filter((concept) => !heldConcepts.has(concept));
    if (apart.length > 0 && !apart.some((concept) => concepts.has(concept))) return;
    found.shares.push(...shares);
    found.changes.push(...changes);
  });
  return found;
}

const CHANGE_WORDS =
  /\b(?:off|discount|discounted|surcharge|more|less|cheaper|dearer|increase[sd]?|decrease[sd]?|rise[sn]?|raised?|cut|reduced?)\b|上浮|下浮|上调|下调|优惠|折|加收|减免|涨|降|增加|减少|提高|降低/iu;

/**
 * Whether `rate` is a rate of the value's unit with the value's number, per a period the claim clause says apart:
 * "€12 per day" for "每天…12欧元", not for "每月…12欧元" nor for a deposit of 12欧元.
 */
function amountOfRate(value: Quantity, rate: Quantity, periods: readonly number[]): boolean {
  if (!rate.unit.startsWith(`${value.unit}/`) || rate.raw !== value.raw || rate.value === 0) return false;
  const seconds = rate.raw / rate.value;
  return periods.some((period) => Math.abs(period - seconds) <= seconds * PERIOD_TOLERANCE);
}

/** The periods, in seconds, a clause says apart from its amounts: "每天", "a month", or in a word ("月租金", "日租"). */
function periodsSaid(clause: Clause): number[] {
  const periods = clause.quantities.filter((quantity) => quantity.cls === 'period').map((period) => period.value);
  for (const [, unit] of clause.text.matchAll(HAN_PERIOD_FEE)) periods.push(HAN_PERIOD_SECONDS[unit!]!);
  return periods;
}

/** A fee or a rent named by its period: 月租金, 日租, 年费, 月薪. */
const HAN_PERIOD_FEE = /([日天周月年])(?:租|费|薪)/gu;
const HAN_PERIOD_SECONDS: Readonly<Record<string, number>> = {
  日: 86_400,
  天: 86_400,
  周: 604_800,
  月: 2_629_800,
  年: 31_557_600,
};

/** Periods are read in seconds from floating-point rates: equal within rounding. */
const PERIOD_TOLERANCE = 1e-6;

/**
 * Working shown between numbers: an operation ("¥13 + 7 × ¥2.30 = ¥29.10", "14美元加5美元"), or a number restated
 * as worked out ("i.e. ¥7,000", "也就是4000毫克"). Not "7×24小时", which says "all day, every day".
 */
const SHOWS_WORKING =
  /(?<!\b7\s?)\d\s*[+×*=＋＝]\s*[¥$£€]?\d(?!\d*\s?小时)|\d\S{0,3}加\S{0,3}\d|\bi\.e\.|也就是|相当于/u;

/**
 * Neither is a span, or both are the last ends of spans whose ends are in one ratio: "1 to 3 weeks" and "1至3个工作日",
 * read at their 3s, so that a changed unit is shown on the span's end, where it is written.
 */
function sameEnds(a: Quantity, b: Quantity): boolean {
  if (a.range === undefined || b.range === undefined) return a.range === b.range;
  if (a.value === a.range[0] || b.value === b.range[0]) return false;
  return Math.abs(a.range[0] * b.range[1] - a.range[1] * b.range[0]) <= 1e-9 * a.range[1] * b.range[1];
}

/**
 * The clause's values, a span's first end after the rest: a span whose unit changed is shown at its last end, where
 * the unit is written ("2 to 5 weeks" for "2至5个工作日"); its first end is judged only if nothing else disagrees.
 */
function endsFirst(quantities: readonly Quantity[]): readonly Quantity[] {
  const starts = quantities.filter((quantity) => quantity.range !== undefined && quantity.value === quantity.range[0]);
  return starts.length === 0 ? quantities : [...quantities.filter((quantity) => !starts.includes(quantity)), ...starts];
}
