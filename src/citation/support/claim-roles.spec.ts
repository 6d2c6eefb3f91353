import { profileClaims } from './claim-profile.js';
import { anchorsOf, roleDoubt, roleSwap, sourceAnchors, type Anchor } from './claim-roles.js';

function claimAnchors(paragraph: string, source: string): Anchor[] {
  const names = profileClaims(source).names;
  return profileClaims(paragraph).clauses.flatMap(({ clause }) =>
    anchorsOf(clause, (term) => term.name || (term.initialCapital && names.has(term.lower))),
  );
}

const MATCH =
  'In the final, Carlos Alcaraz came back from two sets to one down to defeat Alexander Zverev in five sets.';

describe('claim roles', () => {
  it('reads each name and number with the words beside it, one name for words written together', () => {
    const anchors = sourceAnchors(profileClaims(MATCH)).map(({ anchor }) => [anchor.before, anchor.text, anchor.after]);
    expect(anchors).toContainEqual([undefined, 'carlos alcaraz', 'came']);
    expect(anchors).toContainEqual(['defeat', 'alexander zverev', undefined]);
  });

  it('finds two names that changed places, whatever verb the claim uses', () => {
    const swap = roleSwap(
      claimAnchors('Zverev came back from two sets to one down to beat Alcaraz.', MATCH),
      sourceAnchors(profileClaims(MATCH)),
    );
    expect(swap && [swap.claim.text, swap.source.text]).toEqual(['zverev', 'carlos alcaraz']);
  });

  it('finds nothing when the names keep their places, or when the claim says it in the passive', () => {
    const source = sourceAnchors(profileClaims(MATCH));
    expect(roleSwap(claimAnchors('Alcaraz beat Zverev after trailing two sets to one.', MATCH), source)).toBe(
      undefined,
    );
    expect(roleSwap(claimAnchors('Zverev was beaten by Alcaraz in five sets.', MATCH), source)).toBe(undefined);
  });

  it('doubts a number written beside a word the source gives another number, but not a word the source leaves unsaid', () => {
    const rates = '一年期利率为1.45%，三年期为1.95%。';
    expect(roleDoubt(claimAnchors('三年期利率为1.95%。', rates), sourceAnchors(profileClaims(rates)))).toBe(false);
    const prices = 'Standard tickets cost €12; the museum charges students €8.';
    expect(roleDoubt(claimAnchors('Tickets cost €8.', prices), sourceAnchors(profileClaims(prices)))).toBe(true);
  });
});
