import type { ClaimSentence, ClaimText } from './claim-profile.js';
import { valueConflict, type FoundConflict } from './found-conflict.js';
import { comparable, sameQuantity, type Quantity } from './quantity.js';

/**
 * A change the claim runs the other way: "upload timeouts were cut from 120 seconds down to 30 seconds" against
 * "Upload timeouts were raised from 30 seconds to 120 seconds". Both ends are the source's, said in the other order:
 * the claim does not restate the source with other values, it turns what the source says happens. A source that says
 * the claim's order anywhere may speak for it. Times of day, days and dates go round: "from 07:00 to 22:00" is the
 * rest of the day "Quiet hours run from 22:00 to 07:00" leaves, which a claim may truly speak of ("you can make noise
 * from 07:00 to 22:00"), so they are not read so.
 */
export function turnedChange(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  const ours = fromTo(claim);
  if (ours.length === 0) return undefined;
  const theirs = sourceChanges(source);
  for (const { from, to } of ours) {
    if (theirs.some((pair) => same(from, pair.from) && same(to, pair.to))) continue;
    const turned = theirs.find((pair) => same(from, pair.to) && same(to, pair.from) && !same(pair.from, pair.to));
    if (turned) return valueConflict(to, turned.to, turned.sentence);
  }
  return undefined;
}

function same(a: Quantity, b: Quantity): boolean {
  return comparable(a, b) && sameQuantity(a, b);
}

/** A source's changes with their sentences, read once a source: a source is compared with every claim sentence. */
function sourceChanges(source: ClaimText): readonly { from: Quantity; to: Quantity; sentence: number }[] {
  let found = changesBySource.get(source);
  if (found === undefined) {
    found = source.sentences.flatMap((sentence, s) => fromTo(sentence).map((pair) => ({ ...pair, sentence: s })));
    changesBySource.set(source, found);
  }
  return found;
}

const changesBySource = new WeakMap<ClaimText, readonly { from: Quantity; to: Quantity; sentence: number }[]>();

/** The values a sentence says "from … to" of, in order: "from 30 seconds to 120 seconds", "从64MB提高到256MB". */
function fromTo(sentence: ClaimSentence): { from: Quantity; to: Quantity }[] {
  const pairs: { from: Quantity; to: Quantity }[] = [];
  const at = (offset: number) => offset - sentence.start;
  sentence.quantities.forEach((from, i) => {
    const to = sentence.quantities[i + 1];
    if (to === undefined || from.cls !== to.cls || goesRound(from)) return;
    const before = sentence.text.slice(Math.max(0, at(from.start) - CHANGE_REACH), at(from.start));
    const between = sentence.text.slice(at(from.end), at(to.start));
    if (CHANGED_FROM.test(before) && TO.test(between)) pairs.push({ from, to });
    else if (HAN_FROM.test(before) && HAN_CHANGED_TO.test(between)) pairs.push({ from, to });
  });
  return pairs;
}

/** A time of day, a day of the week or a date: a span of them read the other way is the rest of the cycle. */
function goesRound(quantity: Quantity): boolean {
  return quantity.cls === 'clock' || quantity.cls === 'weekday' || quantity.date !== undefined;
}

/**
 * A change said with its verb: "was raised from", "drops from", "went up from", "从…提高到". A range ("prices range from
 * £5 to £10", "open from 9 to 5") is the same range read either way.
 */
const CHANGED_FROM =
  /\b(?:rais|increas|extend|lengthen|cut|reduc|lower|shorten|decreas|drop|rise|rose|rising|fall|fell|falling|grow|grew|climb|jump|went (?:up|down)|go(?:es)? (?:up|down)|chang|mov|bump|slash|doubl|halv)\w*\s+(?:[\w-]+\s+){0,4}from\s+$/i;
const HAN_FROM = /[从由]$/u;
const HAN_CHANGED_TO = /^\s*(?:提高|降低|增加|减少|上调|下调|调整|延长|缩短|升|降|涨|跌)[到至]\s*$/u;
const TO = /^\s*(?:(?:down|up|all the way|right)\s+)?to\s+$/i;
/** How far back a change's verb is looked for: "raises the default request timeout from". */
const CHANGE_REACH = 60;
