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
  let strengths: number[] | undefined;
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
      if (other === undefined) continue;
      // A dose worked out through the strength the source gives (`1 mg/ml`: 10 ml is 10 mg) is the same dose.
      strengths ??= strengthsOf(source);
      if (kindOfMeasure(other) === 'dose' && strengths.some((strength) => sameDose(quantity, other, strength)))
        continue;
      return { conflict: { kind: 'unit', claim: quantity.text, source: other.text }, sentence: s };
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
/** A strength: "120 mg/5 ml", "1 mg per ml", `每毫升含5毫克` is not read. */
const STRENGTH = /(\d+(?:\.\d+)?)\s*(mg|µg|毫克|微克)\s*(?:\/|per|每)\s*(\d+(?:\.\d+)?)?\s*(?:ml|毫升)/gi;

/** The strengths a source gives, in milligrams per millilitre. */
function strengthsOf(source: SourceProfile): number[] {
  const found: number[] = [];
  for (const sentence of source.sentences) {
    for (const [, amount, unit, volume] of sentence.text.matchAll(STRENGTH)) {
      const milligrams = Number(amount) * (/µg|微克/i.test(unit!) ? 1e-3 : 1);
      found.push(milligrams / Number(volume ?? 1));
    }
  }
  return found;
}

/** Whether a mass and a volume are one dose at `strength` milligrams a millilitre. */
function sameDose(a: Quantity, b: Quantity, strength: number): boolean {
  const [mass, volume] = a.cls === 'mass' ? [a, b] : [b, a];
  if (mass.cls !== 'mass' || volume.cls !== 'volume') return false;
  const milligrams = mass.value * 1000;
  const millilitres = volume.value * 1000;
  return Math.abs(milligrams - millilitres * strength) <= 1e-6 * Math.max(1, milligrams);
}

/**
 * The units a writer mistakes for one another, by what they are written for: a dose (mg, ml), a battery (Wh, mAh), a
 * price (元, 美元), a size (m, m²). Units of different kinds (a price and a weight) do not name one value.
 */
function kindOfMeasure(quantity: Quantity): string {
  const cls = quantity.cls;
  // A dose is weighed in milligrams and measured in millilitres; grams and kilograms of water are its millilitres and
  // litres, and say the same.
  if ((cls === 'mass' && quantity.value < 1) || (cls === 'volume' && quantity.unit === 'ml')) return 'dose';
  if (cls === 'mass' || cls === 'volume') return `${cls}:other`;
  // `¥` is the yuan's sign and the yen's.
  if (cls.startsWith('money:') && (quantity.text.includes('¥') || quantity.text.includes('￥'))) return 'yen or yuan';
  if (cls === 'energy' || cls === 'charge') return 'battery';
  if (cls === 'length' || cls === 'area') return 'size';
  return cls.startsWith('money:') ? 'price' : cls;
}
