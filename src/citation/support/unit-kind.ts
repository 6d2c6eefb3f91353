import type { Window } from './claim-alignment.js';
import type { ClaimSentence } from './claim-profile.js';
import type { SourceProfile } from './claim-roles.js';
import type { FoundConflict } from './found-conflict.js';
import type { Quantity } from './quantity.js';

/**
 * The source's number said in a unit of another kind, in the sentences the claim rests on: "10 mg of the suspension"
 * for "10 ml", "160mAh" for "160Wh", 60元 for 60美元. The claim gives the number in no unit of the source's kind, the
 * source gives it in none of the claim's, and the two units name the same sort of value (`kindOfMeasure`). On the
 * labelled pairs (counted, not listed), such warnings were right 3 times on dev and never wrong, and right once and
 * wrong once on the test splits.
 */
export function unitOfAnotherKind(
  claim: ClaimSentence,
  source: SourceProfile,
  window: Window,
): FoundConflict | undefined {
  for (const quantity of claim.quantities) {
    if (!measures(quantity) || source.quantities.some((held) => held.raw === quantity.raw && held.cls === quantity.cls))
      continue;
    for (const s of window.sentences) {
      const other = source.sentences[s]!.quantities.find(
        (held) =>
          held.raw === quantity.raw &&
          measures(held) &&
          held.cls !== quantity.cls &&
          held.unit !== quantity.unit &&
          kindOfMeasure(held) === kindOfMeasure(quantity) &&
          !claim.quantities.some((given) => given.raw === held.raw && given.cls === held.cls),
      );
      if (other) return { conflict: { kind: 'unit', claim: quantity.text, source: other.text }, sentence: s };
    }
  }
  return undefined;
}

/**
 * A value in a unit that measures a thing: a mass, a volume, a length, an area, an energy, a charge or a currency. A rate is not one (its period may be said apart: "£39" of "£39 a month"), nor a length of
 * time, which a sentence says of so many things ("three times" and "3 weeks", "an hour" and "1 tablespoon").
 */
function measures(quantity: Quantity): boolean {
  return quantity.date === undefined && !quantity.range && !quantity.cls.includes('/') && MEASURES.test(quantity.cls);
}

const MEASURES = /^(?:mass|volume|length|area|energy|charge|money:\w+)$/;

/**
 * The units a writer mistakes for one another, by what they are written for: a dose (mg, ml), a battery (Wh, mAh), a
 * price (元, 美元), a size (m, m²). Units of different kinds (a price and a weight) do not name one value.
 */
function kindOfMeasure(quantity: Quantity): string {
  const cls = quantity.cls;
  if (cls === 'mass' || cls === 'volume') return 'dose';
  if (cls === 'energy' || cls === 'charge') return 'battery';
  if (cls === 'length' || cls === 'area') return 'size';
  return cls.startsWith('money:') ? 'price' : cls;
}
