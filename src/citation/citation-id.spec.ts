import { isCitationIdOnly, normalizeCitationId, splitCitationIds } from './citation-id.js';

describe('citation ids', () => {
  it.each([
    ['E1', 'E1'],
    ['e2', 'E2'],
    [' [G3] ', 'G3'],
    ['【E4】', 'E4'],
    ['(source E5)', 'E5'],
    ['^E6', 'E6'],
  ])('normalizes %j to %j', (raw, id) => {
    expect(normalizeCitationId(raw)).toBe(id);
  });

  it.each(['', 'X1', 'E', 'E1a', 'chunk-7', '1'])('rejects %j', (raw) => {
    expect(normalizeCitationId(raw)).toBeUndefined();
  });

  it('splits an entry naming several ids, and marks what names none', () => {
    expect(splitCitationIds('E1, g2')).toEqual(['E1', 'G2']);
    expect(splitCitationIds('[E1][E2]')).toEqual(['E1', 'E2']);
    expect(splitCitationIds('E1、E2；G1')).toEqual(['E1', 'E2', 'G1']);
    expect(splitCitationIds('E1 nonsense')).toEqual(['E1', undefined]);
    expect(splitCitationIds('   ')).toEqual([undefined]);
  });

  it('tells ids from text meant for a reader', () => {
    expect(isCitationIdOnly('[E12]')).toBe(true);
    expect(isCitationIdOnly('E12 is a road')).toBe(false);
  });
});
