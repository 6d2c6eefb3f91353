import type { ClaimSentence, ClaimText } from './claim-profile.js';
import { valueConflict, type FoundConflict } from './found-conflict.js';
import { comparable, sameQuantity, type Quantity } from './quantity.js';

/**
 * A change or a span the claim runs the other way: "upload timeouts were cut from 120 seconds down to 30 seconds"
 * against "Upload timeouts were raised from 30 seconds to 120 seconds", "closed from 1 November to 28 February"
 * against "closed from 28 February to 1 November". Both ends are the source's, said in the other order: the claim does
 * not restate the source with other values, it turns what the source says happens, or when. A source that says the
 * claim's order anywhere may speak for it.
 */
export function turnedChange(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  const ours = fromTo(claim);
  if (ours.length === 0) return undefined;
  const theirs = source.sentences.flatMap((sentence, s) => fromTo(sentence).map((pair) => ({ ...pair, s })));
  for (const { from, to } of ours) {
    const same = (a: Quantity, b: Quantity) => comparable(a, b) && sameQuantity(a, b);
    if (theirs.some((pair) => same(from, pair.from) && same(to, pair.to))) continue;
    const turned = theirs.find((pair) => same(from, pair.to) && same(to, pair.from) && !same(pair.from, pair.to));
    if (turned) return valueConflict(to, turned.to, turned.s);
  }
  return undefined;
}

/** The values a sentence says "from … to" of, in order: "from 30 seconds to 120 seconds", "从64MB提高到256MB". */
function fromTo(sentence: ClaimSentence): { from: Quantity; to: Quantity }[] {
  const pairs: { from: Quantity; to: Quantity }[] = [];
  const at = (offset: number) => offset - sentence.start;
  sentence.quantities.forEach((from, i) => {
    const to = sentence.quantities[i + 1];
    if (to === undefined || from.cls !== to.cls) return;
    const before = sentence.text.slice(Math.max(0, at(from.start) - 8), at(from.start));
    const between = sentence.text.slice(at(from.end), at(to.start));
    if (FROM.test(before) && TO.test(between)) pairs.push({ from, to });
  });
  return pairs;
}

const FROM = /(?:\bfrom\s+|[从由])$/i;
const TO = /^\s*(?:(?:down|up|all the way|right)\s+)?to\s+$|^\s*(?:[提降增减调上下升][高低加少整调升降]?)?[到至]\s*$/i;
