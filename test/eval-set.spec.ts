import {
  CLAIM_KINDS,
  QUOTE_KINDS,
  claimMetrics,
  labelOfKind,
  misjudged,
  readClaimSet,
  type ClaimPair,
  type QuoteCase,
} from '../eval/claim-metrics.js';

/**
 * The evaluation's claim and quote sets are hand-written JSON that the metrics trust blindly; this pins their
 * shape so that an edit cannot silently drop a kind, mislabel a pair or leak a source across splits.
 */
const { pairs, holdout, quotes } = readClaimSet(new URL('../eval/set/', import.meta.url));

const text = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

describe('eval/set/claims.json', () => {
  it('has at least 260 pairs with unique ids', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(260);
    expect(new Set(pairs.map((pair) => pair.id)).size).toBe(pairs.length);
  });

  it('gives every pair its fields, a known kind and the label its kind carries', () => {
    const bad = pairs.filter(
      (pair: ClaimPair) =>
        !/^c\d{3,}$/.test(pair.id) ||
        !['dev', 'test'].includes(pair.split) ||
        !text(pair.group) ||
        !(CLAIM_KINDS as readonly string[]).includes(pair.kind) ||
        !['en', 'zh', 'en-zh', 'zh-en'].includes(pair.lang) ||
        pair.kind.startsWith('cross_language') !== pair.lang.includes('-') ||
        !text(pair.source) ||
        !text(pair.paragraph) ||
        pair.source === pair.paragraph ||
        pair.label !== labelOfKind(pair.kind),
    );
    expect(bad.map((pair) => pair.id)).toEqual([]);
  });

  it('holds at least 14 pairs of each kind, in both splits, and 40 rewordings of which 15 Chinese', () => {
    for (const kind of CLAIM_KINDS) {
      const ofKind = pairs.filter((pair) => pair.kind === kind);
      expect([kind, ofKind.length >= 14]).toEqual([kind, true]);
      expect([kind, new Set(ofKind.map((pair) => pair.split)).size]).toEqual([kind, 2]);
    }
    const rewordings = pairs.filter((pair) => pair.kind === 'rewording');
    expect(rewordings.length).toBeGreaterThanOrEqual(40);
    expect(rewordings.filter((pair) => pair.lang === 'zh').length).toBeGreaterThanOrEqual(15);
  });

  it('puts about 40% of pairs in dev, and each source in one split only', () => {
    const dev = pairs.filter((pair) => pair.split === 'dev').length / pairs.length;
    expect(dev).toBeGreaterThan(0.3);
    expect(dev).toBeLessThan(0.5);
    const splitOf = new Map<string, Set<string>>();
    for (const pair of pairs) splitOf.set(pair.source, (splitOf.get(pair.source) ?? new Set()).add(pair.split));
    expect([...splitOf.values()].filter((splits) => splits.size > 1)).toEqual([]);
  });
});

describe('eval/set/claims-holdout.json', () => {
  it('has about 150 pairs, unique ids, every field and the label its kind carries', () => {
    expect(holdout.length).toBeGreaterThanOrEqual(140);
    expect(new Set(holdout.map((pair) => pair.id)).size).toBe(holdout.length);
    const bad = holdout.filter(
      (pair: ClaimPair) =>
        !/^h\d{3,}$/.test(pair.id) ||
        pair.split !== 'holdout' ||
        !text(pair.group) ||
        !(CLAIM_KINDS as readonly string[]).includes(pair.kind) ||
        !['en', 'zh', 'en-zh', 'zh-en'].includes(pair.lang) ||
        pair.kind.startsWith('cross_language') !== pair.lang.includes('-') ||
        !text(pair.source) ||
        !text(pair.paragraph) ||
        pair.source === pair.paragraph ||
        pair.label !== labelOfKind(pair.kind),
    );
    expect(bad.map((pair) => pair.id)).toEqual([]);
  });

  it('shares no source with claims.json, and holds English and Chinese pairs of every verdict', () => {
    const seen = new Set(pairs.map((pair) => pair.source));
    expect(holdout.filter((pair) => seen.has(pair.source)).map((pair) => pair.id)).toEqual([]);
    for (const lang of ['en', 'zh'] as const) {
      for (const label of ['supported', 'contradicted', 'unsupported'] as const) {
        const found = holdout.some((pair) => pair.lang === lang && pair.label === label);
        expect([lang, label, found]).toEqual([lang, label, true]);
      }
    }
    for (const kind of ['rewording', 'harmless_number', 'number_swap', 'entity_swap', 'negation', 'antonym']) {
      expect([kind, holdout.filter((pair) => pair.kind === kind).length >= 10]).toEqual([kind, true]);
    }
  });
});

describe('eval/set/quotes.json', () => {
  it('has at least 40 cases with unique ids, every field, and exact only for unchanged kinds', () => {
    expect(quotes.length).toBeGreaterThanOrEqual(40);
    expect(new Set(quotes.map((quote) => quote.id)).size).toBe(quotes.length);
    const bad = quotes.filter(
      (quote: QuoteCase) =>
        !['dev', 'test'].includes(quote.split) ||
        !(QUOTE_KINDS as readonly string[]).includes(quote.kind) ||
        !['en', 'zh'].includes(quote.lang) ||
        !text(quote.source) ||
        !text(quote.quote) ||
        (quote.label === 'exact') !== ['verbatim', 'case_width_space_punct'].includes(quote.kind) ||
        (quote.kind === 'verbatim' && !quote.source.includes(quote.quote)) ||
        (quote.kind !== 'verbatim' && quote.source.includes(quote.quote)),
    );
    expect(bad.map((quote) => quote.id)).toEqual([]);
    for (const kind of QUOTE_KINDS) expect(quotes.filter((quote) => quote.kind === kind).length).toBeGreaterThan(4);
  });
});

describe('listing misjudged pairs', () => {
  // A verifier that judges everything contradicted misjudges every pair not so labelled, so that what is listed
  // is decided by the listing rule alone.
  const alwaysContradicted = {
    check: () => ({ verdict: 'contradicted' as const, citations: [] }),
  };
  const metrics = claimMetrics(alwaysContradicted, readClaimSet(new URL('../eval/set/', import.meta.url)));
  const listedIds = (split: 'dev' | 'test') =>
    misjudged(metrics, split)
      .map((line) => /^(c\d+) /.exec(line)?.[1])
      .filter((id): id is string => id !== undefined);
  const batchOf = (id: string) => Number(pairs.find((pair) => pair.id === id)!.group.slice(1));

  it('lists the test misses of the first batch only, never those of a batch from g300 on', () => {
    const ids = listedIds('test');
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => batchOf(id) >= 300)).toEqual([]);
  });

  it('lists the dev misses of every batch', () => {
    expect(listedIds('dev').some((id) => batchOf(id) >= 500)).toBe(true);
  });
});
