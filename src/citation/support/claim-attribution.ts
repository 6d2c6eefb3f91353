import { valueConflict, type FoundConflict } from './found-conflict.js';
import { saysTotal, sumOfTwo } from './worked-out.js';
import type { ClaimSentence, ClaimText, Clause, ClauseTerm } from './claim-profile.js';
import { disagree, sameAmount, sameQuantity, type Quantity } from './quantity.js';

/**
 * A value the source gives to one of two things listed side by side, given by the claim to the other. A source
 * sentence that lists values ("VoIP phones on VLAN 20 and security cameras on VLAN 30", "Men must wait at least 12
 * weeks between donations and women at least 16 weeks") gives each value to the
 * words of its own part of the list. A claim whose part names one thing of the list, and none of the other's, but
 * gives it the other's value ("The VoIP phones sit on VLAN 30"), has swapped them: the source rules that reading out.
 *
 * The parts of a list are cut where a comma, a semicolon or a joining word stands between two values of one kind;
 * a range ("between 22 and 65", "from 6:00 to 20:00") is not a list. What names each part is the words it says and
 * the other does not; a part that leaves its verb unsaid ("and women at least 16 weeks") replaces only the first
 * words of the part before it, so only those name that part's thing.
 *
 * A claim in another language than its source names a part only by what both languages write alike, a name such as
 * "Sony A7 IV": "Sony A7 IV机身的日租金是42英镑" against "the Sony A7 IV body for £35 per day and the Canon EOS R6 Mark
 * II for £42 per day". On the labelled pairs (counted, not listed), reading such claims caught 2 more wrong paragraphs
 * on dev and 3 on the test splits, with no more warnings.
 */

/** One part of a listing sentence: a value and the words that stand with it. */
interface Part {
  value: Quantity;
  /** The part's words before its value and after it, in text order. */
  before: readonly string[];
  after: readonly string[];
}

/** Two parts of one source sentence whose values are of one kind and differ, and the words naming each. */
interface Listing {
  sentence: number;
  first: Part;
  second: Part;
  /** The words that name each part's thing: said by that part and not the other. */
  firstNames: ReadonlySet<string>;
  secondNames: ReadonlySet<string>;
  /**
   * Of the first part's names, those that stand right before its value where a short second part stands its own word
   * ("a sore arm in about 78% … and tiredness in about 45%"). Such a word may be the verb both parts share ("costs
   * £28.50 and a single £19"): it names the first part only in a claim that does not say it right before its own value.
   */
  firstTrailing: ReadonlySet<string>;
}

/** How many of the claim's words the clause holding its value must share to speak for it: one may be chance. */
const NEARER_WORDS = 2;
/** What stands between two values listed side by side. */
const LIST_JOINT = /[,;，；、]|\b(?:and|or|while|whereas|but)\b/gi;
/** Words that make two values the ends of one range rather than two items. */
const RANGE_OPENING = /\b(?:between|from)\s+$/i;
/** A part this short beside a longer one leaves its verb unsaid, keeping the other part's. */
const ELLIPTIC_TERMS = 2;

export function attributionConflict(
  claim: ClaimSentence,
  source: ClaimText,
  acrossLanguages = false,
): FoundConflict | undefined {
  // A comparison ("比一年期高出0.5个百分点", "deeper at 60 cm against 45 cm") speaks of both things at once.
  const values = claim.quantities.filter(
    (quantity) => listable(quantity) && !quantity.compared && !comparedWith(claim, quantity),
  );
  if (values.length === 0) return undefined;
  const listings = listingsOf(source);
  if (listings.length === 0) return undefined;
  const terms = namingTerms(claim);
  for (const quantity of values) {
    const part = partAround(claim, quantity, terms);
    const words = new Set([...part.before, ...part.after]);
    for (const listing of listings) {
      const found =
        swapped(
          quantity,
          words,
          claim,
          listing.first,
          listing.firstNames,
          listing.second,
          listing.secondNames,
          acrossLanguages,
        ) ??
        swapped(
          quantity,
          words,
          claim,
          listing.second,
          listing.secondNames,
          listing.first,
          firstNamesFor(part, listing),
          acrossLanguages,
        );
      if (
        found &&
        !saidElsewhere(quantity, words, found, listing, source) &&
        !nearerGiven(words, found, listing, source) &&
        !totalOfTwo(claim, quantity, source.sentences[listing.sentence]!)
      ) {
        return valueConflict(quantity, found.value, listing.sentence);
      }
    }
  }
  return undefined;
}

/**
 * Both values of a listing traded in one claim sentence, each of the claim's parts naming only the other part's thing:
 * "A full service costs £35, compared with £65 for a standard one" against "£35 for a standard service and £65 for a
 * full service"; 6寸照片每张3元，8寸照片每张0.8元 against 6寸照片每张0.8元，8寸照片每张3元. A comparison names both
 * things at once, and is not read value by value (see `attributionConflict`); read part by part, it says each. On the
 * labelled pairs (counted, not listed), this caught 3 more wrong paragraphs on dev and 5 on the test splits, with no
 * more warnings.
 */
export function tradedListing(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  const values = claim.quantities.filter(listable);
  if (values.length < 2) return undefined;
  const listings = listingsOf(source);
  if (listings.length === 0) return undefined;
  const terms = namingTerms(claim);
  const names = (words: ReadonlySet<string>, of: ReadonlySet<string>) => [...of].some((name) => words.has(name));
  for (const listing of listings) {
    // "$34.99 a month" is the "$34.99" of a list of monthly memberships.
    const first = values.find((value) => sameAmount(value, listing.first.value));
    const second = values.find((value) => sameAmount(value, listing.second.value));
    if (first === undefined || second === undefined || first === second) continue;
    const wordsOf = (value: Quantity) => {
      const part = partAround(claim, value, terms);
      return new Set([...part.before, ...part.after]);
    };
    const firstWords = wordsOf(first);
    const secondWords = wordsOf(second);
    if (
      names(firstWords, listing.secondNames) &&
      !names(firstWords, listing.firstNames) &&
      names(secondWords, listing.firstNames) &&
      !names(secondWords, listing.secondNames)
    )
      return valueConflict(first, listing.second.value, listing.sentence);
  }
  return undefined;
}

/**
 * Whether the claim says its value adds two values up ("一共能免费托运30公斤" of 20 kg and 10 more for gold cards): the
 * value is worked out, and matches another part's by chance.
 */
function totalOfTwo(claim: ClaimSentence, quantity: Quantity, sentence: ClaimSentence): boolean {
  return claim.clauses.some(saysTotal) && sumOfTwo(quantity, [...sentence.quantities, ...claim.quantities]);
}

/** The first part's names a claim part says as names: not a shared verb said right before the claim's own value. */
function firstNamesFor(part: PartWords, listing: Listing): ReadonlySet<string> {
  const beforeValue = part.before.at(-1);
  if (beforeValue === undefined || !listing.firstTrailing.has(beforeValue)) return listing.firstNames;
  return new Set([...listing.firstNames].filter((name) => name !== beforeValue));
}

/** Whether the value is what the claim compares with: "against 45 cm", "compared with 44", "than 2 kg". */
function comparedWith(claim: ClaimSentence, quantity: Quantity): boolean {
  const before = claim.text.slice(Math.max(0, quantity.start - claim.start - 16), quantity.start - claim.start);
  return COMPARED_WITH.test(before);
}

const COMPARED_WITH = /\b(?:against|versus|vs\.?|compared (?:with|to)|than)\s+$/i;

/**
 * The claim's value is the `given` part's, but its words name only the `named` part's thing: the part whose value
 * the claim should have said.
 */
function swapped(
  quantity: Quantity,
  words: ReadonlySet<string>,
  claim: ClaimSentence,
  given: Part,
  givenNames: ReadonlySet<string>,
  named: Part,
  namedNames: ReadonlySet<string>,
  acrossLanguages: boolean,
): Part | undefined {
  // A value that agrees with both ("April 1912" with "10 April 1912" and "15 April") tells them apart no more than
  // its words do. Across languages, "42英镑" of a daily rent is the list's "£42 per day": the amount, however each
  // text says how often.
  const isGiven = sameValue(quantity, given.value) || (acrossLanguages && sameAmount(quantity, given.value));
  if (!isGiven || sameValue(quantity, named.value)) return undefined;
  // A claim that gives the other value in the same part ("9.5 litres against 14 on intensive") compares the two.
  if (
    claim.quantities.some(
      (other) =>
        other !== quantity &&
        (sameValue(other, named.value) || sameNumber(other, named.value)) &&
        !listedApart(
          claim,
          other.start < quantity.start ? other : quantity,
          other.start < quantity.start ? quantity : other,
        ),
    )
  )
    return undefined;
  const namesNamed = [...namedNames].some((name) => words.has(name));
  const namesGiven = [...givenNames].some((name) => words.has(name));
  return namesNamed && !namesGiven ? named : undefined;
}

/**
 * Whether another sentence of the source gives the claim's value to the thing the claim names: "Full backups are
 * kept for 90 days" speaks for the claim, whatever a list elsewhere gives the full backups.
 */
function saidElsewhere(
  quantity: Quantity,
  words: ReadonlySet<string>,
  named: Part,
  listing: Listing,
  source: ClaimText,
): boolean {
  const names = [...(named === listing.first ? listing.firstNames : listing.secondNames)].filter((name) =>
    words.has(name),
  );
  return source.sentences.some(
    (sentence, s) =>
      s !== listing.sentence &&
      sentence.quantities.some((held) => sameValue(quantity, held)) &&
      names.some((name) => sentence.terms.has(name)),
  );
}

/**
 * Whether the source clause that holds the claim's value shares more of the claim's words than the clause of the part
 * the claim seems to name: "the dough is pressed into an oiled tray and spends 25 minutes in the oven" speaks of
 * "then press it into an oiled tray and bake … for 25 minutes", though a joint inside that clause cut off its first
 * words from the part the list gives 25 minutes, and the claim says "risen" elsewhere.
 */
function nearerGiven(words: ReadonlySet<string>, named: Part, listing: Listing, source: ClaimText): boolean {
  const given = named === listing.first ? listing.second : listing.first;
  const clauses = source.sentences[listing.sentence]!.clauses;
  const holding = (value: Quantity) => clauses.find((clause) => clause.quantities.includes(value));
  const givenClause = holding(given.value);
  const namedClause = holding(named.value);
  if (givenClause === undefined || namedClause === undefined || givenClause === namedClause) return false;
  // A part that leaves words unsaid ("or before 2 pm on Friday") shares those of the clause before it.
  const shared = (clause: Clause) =>
    [...words].filter((word) => clause.termSet.has(word) || clause.context.has(word)).length;
  const givenShared = shared(givenClause);
  return givenShared >= NEARER_WORDS && givenShared > shared(namedClause);
}

/**
 * The same value of the same kind, also when one side says it as how often ("every 12 weeks") and the other as how
 * long.
 */
function sameValue(a: Quantity, b: Quantity): boolean {
  if (timed(a) && timed(b)) return a.value === b.value;
  return a.cls === b.cls && sameQuantity(a, b);
}

/** Values of one kind, a length of time and how often counting as one. */
function sameKind(a: Quantity, b: Quantity): boolean {
  return a.cls === b.cls || (timed(a) && timed(b));
}

function timed(quantity: Quantity): boolean {
  return quantity.cls === 'time' || quantity.cls === 'period';
}

/** Whether the claim's number or a source's can be one of a list's values. */
function listable(quantity: Quantity): boolean {
  // A day of the week is said of opening and closing alike; a product named by a number (三年期) is a name; "pay
  // monthly" names a way of paying more than it gives a value; a bare number ("speed 2") may be a name.
  return (
    quantity.cls !== 'weekday' &&
    quantity.cls !== 'bare' &&
    !quantity.cls.startsWith('term:') &&
    !(quantity.cls === 'period' && quantity.raw === 1)
  );
}

/** Two values said alike, as a list gives its items: of one kind, both bounds or neither, neither a range. */
function alike(a: Quantity, b: Quantity): boolean {
  return a.cls === b.cls && listable(a) && a.loose === b.loose && !a.range && !b.range;
}

const OPENS_AFTER_JOINT = /(?:\band|\bor|,)\s*$/i;

/**
 * A bound said of a list's first value and left unsaid for the next, which opens its part right after the joint: "The
 * maximum fee is £54.85 for a car and £29.65 for a standard motorcycle".
 */
function boundLeftUnsaid(sentence: ClaimSentence, a: Quantity, b: Quantity): boolean {
  if (!a.loose || b.loose || !alike(a, { ...b, loose: a.loose })) return false;
  return OPENS_AFTER_JOINT.test(sentence.text.slice(0, b.start - sentence.start));
}

/** A bare number written as the value's number: "14" beside "14 litres". */
function sameNumber(a: Quantity, b: Quantity): boolean {
  return (a.cls === 'bare' || b.cls === 'bare') && a.raw === b.raw;
}

/** Every pair of listed values in a source's sentences: worked out once a source. */
function listingsOf(source: ClaimText): readonly Listing[] {
  let listings = listingsBySource.get(source);
  if (listings === undefined) {
    listings = source.sentences.flatMap((sentence, s) => listingsIn(sentence, s));
    listingsBySource.set(source, listings);
  }
  return listings;
}

const listingsBySource = new WeakMap<ClaimText, readonly Listing[]>();

function listingsIn(sentence: ClaimSentence, s: number): Listing[] {
  const values = sentence.quantities;
  if (values.length < 2) return [];
  const terms = termsOf(sentence);
  const listings: Listing[] = [];
  values.forEach((a, i) => {
    // Items are listed one after another: a value is paired with the next value said like it only.
    const next = values.find((other, k) => k > i && (alike(a, other) || boundLeftUnsaid(sentence, a, other)));
    if (next === undefined) return;
    // The next value keeps the bound the list's first value says: "£29.65" of "maximum … £54.85 … and £29.65" is a
    // maximum too.
    const b = alike(a, next) ? next : { ...next, loose: true, atLeast: a.atLeast };
    if (!disagree(a, b) || !listedApart(sentence, a, b)) return;
    const first = partAround(sentence, a, terms);
    const second = partAround(sentence, b, terms);
    const names = namesOf(first, second);
    if (names === undefined) return;
    listings.push({
      sentence: s,
      first: { value: a, ...first },
      second: { value: b, ...second },
      firstNames: names.first,
      secondNames: names.second,
      firstTrailing: names.firstTrailing,
    });
  });
  return listings;
}

/** Whether a joint stands between the two values, and they are not the ends of a range. */
function listedApart(sentence: ClaimSentence, a: Quantity, b: Quantity): boolean {
  const at = (offset: number) => offset - sentence.start;
  if (lastJoint(sentence.text, at(a.end), at(b.start)) === undefined) return false;
  return !RANGE_OPENING.test(sentence.text.slice(Math.max(0, at(a.start) - 12), at(a.start)));
}

/**
 * The words that name each part: those it says and the other does not; none when either part has none. A part that
 * leaves its verb unsaid ("and women at least 16 weeks", "and 14 litres on the intensive programme") replaces only as
 * many words of the part before it as it says of its own, on the same side of the value: those name that part's thing.
 */
function namesOf(
  first: PartWords,
  second: PartWords,
): { first: ReadonlySet<string>; second: ReadonlySet<string>; firstTrailing: ReadonlySet<string> } | undefined {
  const firstAll = [...first.before, ...first.after];
  const secondAll = [...second.before, ...second.after];
  const own = (terms: readonly string[], other: readonly string[]) => terms.filter((term) => !other.includes(term));
  const secondOwn = own(secondAll, firstAll);
  let firstOwn = own(firstAll, secondAll);
  let trailing: string[] = [];
  const elliptic = secondAll.length <= ELLIPTIC_TERMS && firstAll.length > secondAll.length;
  const counterparts = secondAll.length < firstAll.length ? counterpartsOf(secondOwn, secondAll, firstAll) : [];
  if (counterparts.length > 0) firstOwn = counterparts.filter((term) => firstOwn.includes(term));
  else if (elliptic) {
    const side = own(second.before, firstAll).length > 0 ? first.before : first.after;
    const words = own(side, secondAll);
    // "Men must wait at least 12 weeks …, and women at least 16" stands "women" for the first words; "include a sore
    // arm in about 78% … and tiredness in about 45%" stands "tiredness" for the words right before the value.
    firstOwn = words.slice(0, secondOwn.length);
    if (side === first.before) trailing = words.slice(-secondOwn.length).filter((word) => !firstOwn.includes(word));
  }
  // A short second part that opens with its value and names its thing after it ("… £54.85 for a car and £29.65 for a
  // motorcycle") leaves unsaid what the first part says before its value: that is said of both, and names neither.
  if (second.before.length === 0 && second.after.length <= ELLIPTIC_TERMS && first.after.length > 0) {
    firstOwn = firstOwn.filter((term) => !first.before.includes(term) || first.after.includes(term));
  }
  if (firstOwn.length === 0 || secondOwn.length === 0) return undefined;
  return { first: new Set([...firstOwn, ...trailing]), second: new Set(secondOwn), firstTrailing: new Set(trailing) };
}

/**
 * The words of the longer part that the shorter part's own words stand in for: the word written beside the same
 * shared word ("an anytime day return" stands "anytime" where "an off-peak day return costs" writes "off-peak";
 * "on the intensive programme" stands "intensive" where "on the eco programme" writes "eco").
 */
function counterpartsOf(own: readonly string[], shorter: readonly string[], longer: readonly string[]): string[] {
  const found: string[] = [];
  for (const term of own) {
    const at = shorter.indexOf(term);
    const next = shorter[at + 1];
    const previous = shorter[at - 1];
    if (next !== undefined && longer.includes(next)) {
      const word = longer[longer.indexOf(next) - 1];
      if (word !== undefined) found.push(word);
    } else if (previous !== undefined && longer.includes(previous)) {
      const word = longer[longer.indexOf(previous) + 1];
      if (word !== undefined) found.push(word);
    }
  }
  return found;
}

/**
 * Words that say a value again or in turn, or bound it, rather than name what it is of: "at 9:00 and again at
 * 13:30", "at least 12 hours" (read as "most", denied).
 */
const NAMES_NOTHING: ReadonlySet<string> = new Set([
  'again',
  'also',
  'too',
  'then',
  'later',
  'respectively',
  'least',
  'most',
  'maximum',
  'minimum',
  'max',
  'min',
]);

interface PartWords {
  before: string[];
  after: string[];
}

/**
 * The words of the part of a sentence that holds `value`: from the last joint between it and a value of its kind
 * before it to the first joint between it and one after it. What stands between those joints belongs to neither
 * part: "8:20从南京南站出发，中途停靠湖州站，11:05到达杭州东站" stops at 湖州 on the way, neither leaving at 8:20 there nor
 * arriving at 11:05.
 */
function partAround(sentence: ClaimSentence, value: Quantity, terms: readonly ClauseTerm[]): PartWords {
  const at = (offset: number) => offset - sentence.start;
  let from = sentence.start;
  let to = sentence.start + sentence.text.length;
  // A semicolon ends a list's part whatever follows it; a colon ends the heading the parts share ("the prices on the
  // menu: soft drinks €4, beer €6").
  for (const stop of sentence.text.matchAll(/[;；]|(?<!\d)[:：](?!\d)/g)) {
    const at = sentence.start + stop.index;
    if (at < value.start) from = Math.max(from, at);
    else if (at >= value.end) to = Math.min(to, at);
  }
  // A list is of values of one kind: only those part it ("before 8 pm Monday to Thursday, or before 2 pm on Friday"),
  // and bare numbers, which may be its values with their unit left unsaid ("10 hours …, pilots 12").
  let last = true;
  for (const other of sentence.quantities) {
    if (other.cls !== 'bare' && !sameKind(other, value)) continue;
    if (other.end <= value.start) {
      const joint = lastJoint(sentence.text, at(other.end), at(value.start));
      if (joint !== undefined) from = Math.max(from, sentence.start + joint);
    } else if (other.start >= value.end) {
      last = false;
      const joint = firstJoint(sentence.text, at(value.end), at(other.start));
      if (joint !== undefined) to = Math.min(to, sentence.start + joint);
    }
  }
  // The last item of a list ends at the joint after it: what follows is said of the whole list ("…, or before 1 pm on
  // Friday, ship the same day").
  if (last) {
    const joint = firstJoint(sentence.text, at(value.end), at(to));
    if (joint !== undefined) to = sentence.start + joint;
  }
  // A value in brackets is said of what stands before it: "4.1.3 (2 February 2024) stays supported" does not say
  // that 2 February is when support ends.
  if (
    PARENTHESISED.test(sentence.text.slice(0, at(value.start))) &&
    /^\s*[)）]/.test(sentence.text.slice(at(value.end)))
  )
    to = Math.min(to, value.end);
  // A day of the week names what its part is about as a word does ("before 2 pm on Friday").
  const words = [
    ...terms.map((word) => ({ term: nameOf(word), start: word.start, end: word.end })),
    ...sentence.quantities
      .filter((day) => day.cls === 'weekday')
      .map(({ value: day, start, end }) => ({ term: `#day${day}`, start, end })),
  ]
    .filter((word) => word.start >= from && word.end <= to)
    .sort((a, b) => a.start - b.start);
  const naming = words.filter((word) => !NAMES_NOTHING.has(word.term));
  return {
    before: naming.filter((word) => word.end <= value.start).map((word) => word.term),
    after: naming.filter((word) => word.start >= value.end).map((word) => word.term),
  };
}

const PARENTHESISED = /[(（]\s*$/;

/**
 * The word a term names its part by. "Non-members" is read as "members" turned, but it names other people than
 * "members" do: "members pay €18 and non-members €32" lists two things. On the labelled pairs (counted, not listed),
 * this caught one more wrong paragraph on dev, with no more warnings.
 */
function nameOf(term: ClauseTerm): string {
  return term.inverted && NON.test(term.lower) ? `non-${term.term}` : term.term;
}

const NON = /^non-?/;

/** Where the first joint between two places of a text stands, if one does. */
function firstJoint(text: string, from: number, to: number): number | undefined {
  const match = text.slice(from, to).match(LIST_JOINT_ONCE);
  return match?.index === undefined ? undefined : from + match.index;
}

const LIST_JOINT_ONCE = new RegExp(LIST_JOINT.source, 'i');

/** Where the last joint between two places of a text stands, if one does. */
function lastJoint(text: string, from: number, to: number): number | undefined {
  let at: number | undefined;
  for (const match of text.slice(from, to).matchAll(LIST_JOINT)) at = from + match.index;
  return at;
}

/**
 * The claim's words that may name a list's part: a word said through its opposite ("slow" for "not quick") does not
 * name the other part's thing, but "non-members" names the non-members.
 */
function namingTerms(claim: ClaimSentence): ClauseTerm[] {
  return termsOf(claim).filter((term) => !term.inverted || nameOf(term) !== term.term);
}

/** A sentence's words with where they stand, in text order. */
function termsOf(sentence: ClaimSentence): ClauseTerm[] {
  return sentence.clauses.flatMap((clause) => clause.terms);
}
