import { readFileSync } from 'node:fs';
import { verifyQuote } from '../src/citation/quote/quote-verifier.js';
import type { SupportVerdict, SupportVerifier } from '../src/citation/support/support-verifier.js';
import { share } from './pair-metrics.js';

/**
 * The support check's three verdicts measured on eval/set/claims.json (hand-written source/paragraph pairs) and
 * the quote check on eval/set/quotes.json. The sets are written the way readers and models write, not from any
 * checker's rules; see the `note` at the top of each file.
 */

export const SUPPORTED_KINDS = [
  'verbatim',
  'rewording',
  'summary',
  'harmless_number',
  'cross_language_supported',
] as const;
export const CONTRADICTED_KINDS = [
  'number_swap',
  'number_change',
  'unit_change',
  'date_change',
  'dotted_number',
  'entity_swap',
  'negation',
  'antonym',
  'cross_language_contradicted',
] as const;
export const UNSUPPORTED_KINDS = ['unsupported_claim', 'unrelated'] as const;
export const CLAIM_KINDS = [...SUPPORTED_KINDS, ...CONTRADICTED_KINDS, ...UNSUPPORTED_KINDS] as const;
export const QUOTE_KINDS = [
  'verbatim',
  'case_width_space_punct',
  'word_changed',
  'char_changed',
  'digit_changed',
  'invented',
] as const;

export type ClaimKind = (typeof CLAIM_KINDS)[number];
export type ClaimLabel = 'supported' | 'contradicted' | 'unsupported';
export type QuoteKind = (typeof QUOTE_KINDS)[number];
export type Split = 'dev' | 'test' | 'holdout';
/** The splits whose misses may be listed: the held-out split is read for its figures only, never tuned on. */
export type TuningSplit = 'dev' | 'test';

export interface ClaimPair {
  id: string;
  split: Split;
  /** The source the pair was written on; a source's pairs all sit in one split. */
  group: string;
  kind: ClaimKind;
  /** `en`, `zh`, or `<source>-<paragraph>` across languages. */
  lang: 'en' | 'zh' | 'en-zh' | 'zh-en';
  source: string;
  paragraph: string;
  label: ClaimLabel;
}

export interface QuoteCase {
  id: string;
  split: Split;
  kind: QuoteKind;
  lang: 'en' | 'zh';
  source: string;
  quote: string;
  label: 'exact' | 'changed';
}

/** The label each kind is written to carry. */
export function labelOfKind(kind: ClaimKind): ClaimLabel {
  if ((SUPPORTED_KINDS as readonly string[]).includes(kind)) return 'supported';
  if ((CONTRADICTED_KINDS as readonly string[]).includes(kind)) return 'contradicted';
  return 'unsupported';
}

/** The verdict a right check gives a pair of this label. */
export function expectedVerdict(label: ClaimLabel): SupportVerdict {
  return label === 'supported' ? 'verified' : label === 'contradicted' ? 'contradicted' : 'unverified';
}

/** eval/set/ from the compiled dist-eval/eval/ (as labelled-set.ts reads it). */
const SET_DIR = new URL('../../eval/set/', import.meta.url);

export interface ClaimSet {
  /** claims.json: the dev and test splits. */
  pairs: ClaimPair[];
  /** claims-holdout.json: written before a change to the check and never tuned on. */
  holdout: ClaimPair[];
  quotes: QuoteCase[];
}

export function readClaimSet(dir: URL = SET_DIR): ClaimSet {
  const read = <T>(name: string): T => JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as T;
  return {
    pairs: read<{ pairs: ClaimPair[] }>('claims.json').pairs,
    holdout: read<{ pairs: ClaimPair[] }>('claims-holdout.json').pairs,
    quotes: read<{ quotes: QuoteCase[] }>('quotes.json').quotes,
  };
}

export interface ClaimOutcome {
  pair: ClaimPair;
  verdict: SupportVerdict;
  /** The check's own account of a contradiction, for reading misses by hand. */
  conflict?: string;
}

export interface QuoteOutcome {
  quote: QuoteCase;
  verified: boolean;
}

export type VerdictCounts = Record<SupportVerdict, number>;

export interface ClaimFigures {
  pairs: number;
  quotes: number;
  /** Of the `contradicted` verdicts, the share whose label is not `supported`. */
  flagPrecision: number;
  /** Of the pairs labelled `supported`, the share marked `contradicted`. */
  supportedFlaggedRate: number;
  /** Of the `verified` verdicts, the share labelled `supported`. */
  verifiedPrecision: number;
  /** Of the pairs labelled `supported`, the share `verified`. */
  verifiedRecall: number;
  /** Of the pairs labelled `contradicted`, the share marked `contradicted`. */
  contradictedRecall: number;
  /** Quotes verified exactly when labelled `exact`. */
  quoteAccuracy: number;
  verdicts: VerdictCounts;
  /** Per kind, the share marked `contradicted`. */
  flagRateByKind: Partial<Record<ClaimKind, number>>;
  verdictsByKind: Partial<Record<ClaimKind, VerdictCounts>>;
}

export interface ClaimMetrics extends ClaimFigures {
  dev: ClaimFigures;
  test: ClaimFigures;
  /** The held-out set, apart from the figures of dev and test together. */
  holdout: ClaimFigures;
  /** Outcomes of dev and test pairs; the held-out pairs' are kept apart so that no listing of misses shows them. */
  outcomes: ClaimOutcome[];
  quoteOutcomes: QuoteOutcome[];
}

/** Runs every pair through `verifier` (the source as the paragraph's only citation) and every quote through `verifyQuote`. */
export function claimMetrics(verifier: SupportVerifier, set: ClaimSet = readClaimSet()): ClaimMetrics {
  const judge = (pair: ClaimPair): ClaimOutcome => {
    const result = verifier.check(pair.paragraph, [{ citationId: 'E1', text: pair.source }]);
    const conflict = result.citations[0]?.evidence?.conflict;
    return {
      pair,
      verdict: result.verdict,
      ...(conflict ? { conflict: `${conflict.kind}: "${conflict.claim}" vs "${conflict.source}"` } : {}),
    };
  };
  const outcomes = set.pairs.map(judge);
  const holdout = figures(set.holdout.map(judge), []);
  const quoteOutcomes = set.quotes.map((quote): QuoteOutcome => ({
    quote,
    verified: verifyQuote(quote.quote, quote.source) !== undefined,
  }));
  const inSplit = (split: Split) =>
    figures(
      outcomes.filter((o) => o.pair.split === split),
      quoteOutcomes.filter((o) => o.quote.split === split),
    );
  return {
    ...figures(outcomes, quoteOutcomes),
    dev: inSplit('dev'),
    test: inSplit('test'),
    holdout,
    outcomes,
    quoteOutcomes,
  };
}

function figures(outcomes: readonly ClaimOutcome[], quotes: readonly QuoteOutcome[]): ClaimFigures {
  const count = (test: (o: ClaimOutcome) => boolean) => outcomes.filter(test).length;
  const flagged = count((o) => o.verdict === 'contradicted');
  const verified = count((o) => o.verdict === 'verified');
  const supported = count((o) => o.pair.label === 'supported');
  const contradicted = count((o) => o.pair.label === 'contradicted');
  const verdictsByKind: Partial<Record<ClaimKind, VerdictCounts>> = {};
  const flagRateByKind: Partial<Record<ClaimKind, number>> = {};
  for (const kind of CLAIM_KINDS) {
    const ofKind = outcomes.filter((o) => o.pair.kind === kind);
    if (ofKind.length === 0) continue;
    verdictsByKind[kind] = verdictCounts(ofKind);
    flagRateByKind[kind] = share(ofKind.filter((o) => o.verdict === 'contradicted').length, ofKind.length);
  }
  return {
    pairs: outcomes.length,
    quotes: quotes.length,
    flagPrecision: share(
      count((o) => o.verdict === 'contradicted' && o.pair.label !== 'supported'),
      flagged,
    ),
    supportedFlaggedRate: share(
      count((o) => o.pair.label === 'supported' && o.verdict === 'contradicted'),
      supported,
    ),
    verifiedPrecision: share(
      count((o) => o.verdict === 'verified' && o.pair.label === 'supported'),
      verified,
    ),
    verifiedRecall: share(
      count((o) => o.pair.label === 'supported' && o.verdict === 'verified'),
      supported,
    ),
    contradictedRecall: share(
      count((o) => o.pair.label === 'contradicted' && o.verdict === 'contradicted'),
      contradicted,
    ),
    quoteAccuracy: share(quotes.filter((o) => o.verified === (o.quote.label === 'exact')).length, quotes.length),
    verdicts: verdictCounts(outcomes),
    flagRateByKind,
    verdictsByKind,
  };
}

function verdictCounts(outcomes: readonly ClaimOutcome[]): VerdictCounts {
  const counts: VerdictCounts = { verified: 0, unverified: 0, contradicted: 0 };
  for (const outcome of outcomes) counts[outcome.verdict]++;
  return counts;
}

/** The five headline numbers, for the summary line. */
export function headline(figures: ClaimFigures) {
  const { flagPrecision, supportedFlaggedRate, verifiedPrecision, verifiedRecall, quoteAccuracy } = figures;
  return { flagPrecision, supportedFlaggedRate, verifiedPrecision, verifiedRecall, quoteAccuracy };
}

/** A split's figures for the summary line: the headline numbers and the flag rate per kind (no quotes when it has none). */
export function splitSummary(figures: ClaimFigures) {
  const { quoteAccuracy, ...numbers } = headline(figures);
  return {
    ...numbers,
    ...(figures.quotes > 0 ? { quoteAccuracy } : {}),
    contradictedRecall: figures.contradictedRecall,
    flagRateByKind: figures.flagRateByKind,
  };
}

/** One line per kind: its label and how many pairs got each verdict. */
export function kindTable(figures: ClaimFigures): string[] {
  const lines = [`  ${'kind'.padEnd(28)} ${'label'.padEnd(13)} verified unverified contradicted`];
  for (const kind of CLAIM_KINDS) {
    const counts = figures.verdictsByKind[kind];
    if (!counts) continue;
    lines.push(
      `  ${kind.padEnd(28)} ${labelOfKind(kind).padEnd(13)} ${String(counts.verified).padStart(8)} ` +
        `${String(counts.unverified).padStart(10)} ${String(counts.contradicted).padStart(12)}`,
    );
  }
  return lines;
}

/**
 * The pairs and quotes of `split` the checks got wrong, worst first (a supported paragraph flagged, then a
 * contradiction not flagged, then the rest), each with its source, for reading by hand.
 */
export function misjudged(metrics: ClaimMetrics, split: TuningSplit): string[] {
  const severity = (o: ClaimOutcome) =>
    o.pair.label === 'supported' && o.verdict === 'contradicted' ? 0 : o.pair.label === 'contradicted' ? 1 : 2;
  const missed = metrics.outcomes
    .filter((o) => o.pair.split === split && listable(o.pair) && o.verdict !== expectedVerdict(o.pair.label))
    .sort((a, b) => severity(a) - severity(b) || a.pair.id.localeCompare(b.pair.id));
  const lines = missed.flatMap((o) => [
    `${o.pair.id} ${o.pair.kind} (${o.pair.lang}): labelled ${o.pair.label}, judged ${o.verdict}` +
      (o.conflict ? ` [${o.conflict}]` : ''),
    `  paragraph: ${o.pair.paragraph}`,
    `  source:    ${o.pair.source}`,
  ]);
  const quotes = metrics.quoteOutcomes.filter(
    (o) => o.quote.split === split && o.verified !== (o.quote.label === 'exact'),
  );
  lines.push(
    ...quotes.flatMap((o) => [
      `${o.quote.id} quote ${o.quote.kind} (${o.quote.lang}): labelled ${o.quote.label}, ${o.verified ? 'verified' : 'not found'}`,
      `  quote:  ${o.quote.quote}`,
      `  source: ${o.quote.source}`,
    ]),
  );
  const unlisted = split === 'test' ? ' (the test splits of batches g300 on are never listed: see "by batch")' : '';
  return [`misjudged ${split} pairs: ${missed.length}${unlisted}, quotes: ${quotes.length}`, ...lines];
}

/** `--misses dev` on the command line, or EVAL_MISSES=dev: the split whose misses to print, if any. */
export function missesRequested(argv: readonly string[] = process.argv, env = process.env): TuningSplit | undefined {
  const at = argv.indexOf('--misses');
  const value = at >= 0 ? (argv[at + 1] ?? 'dev') : env.EVAL_MISSES;
  if (value === undefined || value === '') return undefined;
  if (value === 'holdout') {
    throw new Error(
      '--misses / EVAL_MISSES: the holdout split is never listed, so that nothing is tuned on it; use dev',
    );
  }
  if (value !== 'dev' && value !== 'test') throw new Error(`--misses / EVAL_MISSES takes dev or test, not "${value}"`);
  return value;
}

/** Whether a pair's misses may be listed: a test pair of a batch after the first is kept unread, like the holdout. */
function listable(pair: ClaimPair): boolean {
  return pair.split === 'dev' || Number(pair.group.slice(1)) < BATCHES[1]!.from;
}

/**
 * The batches of the claim set, by group number: each batch was written, and run on the check as it was, before any
 * rule was written for it. A batch's test split, never listed, shows how the check does on text its rules were not
 * fitted to; the older batches' figures show how far they were fitted.
 */
const BATCHES: readonly { name: string; from: number; to: number }[] = [
  { name: 'g01-g216', from: 0, to: 299 },
  { name: 'g300-g414', from: 300, to: 499 },
  { name: 'g500-g614', from: 500, to: 699 },
  { name: 'g700-g815', from: 700, to: 899 },
  { name: 'g900-g959', from: 900, to: 999 },
  { name: 'g1000-g1033', from: 1000, to: 1099 },
  { name: 'g1100-g1129', from: 1100, to: 1199 },
  { name: 'g1200-g1224', from: 1200, to: 1299 },
  { name: 'g1300-g1329', from: 1300, to: 1399 },
  { name: 'g1400-g1424', from: 1400, to: 1499 },
  { name: 'g1500-g1529', from: 1500, to: 1599 },
  { name: 'g1600-g1624', from: 1600, to: 1699 },
  { name: 'g1700-g1729', from: 1700, to: 1799 },
  { name: 'g1800-g1824', from: 1800, to: 1899 },
  { name: 'g1900-g1929', from: 1900, to: 1999 },
  { name: 'g2000-g2024', from: 2000, to: 2099 },
  { name: 'g2100-g2224', from: 2100, to: 2299 },
  { name: 'g2300-g2324', from: 2300, to: 2399 },
  { name: 'g2400-g2424', from: 2400, to: 2499 },
  { name: 'g2500-g2524', from: 2500, to: 2599 },
  { name: 'g2600-g2624', from: 2600, to: 2699 },
  { name: 'g2700-g2724', from: 2700, to: 2799 },
  { name: 'g2800-g2824', from: 2800, to: 2899 },
  { name: 'g2900-g2924', from: 2900, to: 2999 },
  { name: 'g3000-g3124', from: 3000, to: 3199 },
  { name: 'g3200-g3224', from: 3200, to: 3299 },
  { name: 'g3300-g3324', from: 3300, to: 3399 },
  { name: 'g3400-g3424', from: 3400, to: 3499 },
  { name: 'g3500-g3549', from: 3500, to: 3599 },
  { name: 'g3600-g3624', from: 3600, to: 3699 },
  { name: 'g3700-g3724', from: 3700, to: 3799 },
  { name: 'g3800-g3824', from: 3800, to: 3899 },
  { name: 'g3900-g3924', from: 3900, to: 3999 },
  { name: 'g4000-g4024', from: 4000, to: 4099 },
  { name: 'g4100-g4149', from: 4100, to: 4199 },
  { name: 'g4200-g4224', from: 4200, to: 4299 },
  { name: 'g4300-g4324', from: 4300, to: 4399 },
  { name: 'g4400-g4424', from: 4400, to: 4499 },
  { name: 'g4500-g4524', from: 4500, to: 4599 },
  { name: 'g4600-g4624', from: 4600, to: 4699 },
  { name: 'g4700-g4749', from: 4700, to: 4799 },
  { name: 'g4800-g4824', from: 4800, to: 4899 },
  { name: 'g4900-g4924', from: 4900, to: 4999 },
  { name: 'g5000-g5049', from: 5000, to: 5099 },
  { name: 'g5100-g5124', from: 5100, to: 5199 },
  { name: 'g5200-g5224', from: 5200, to: 5299 },
  { name: 'g5300-g5324', from: 5300, to: 5399 },
  { name: 'g5400-g5424', from: 5400, to: 5499 },
  { name: 'g5500-g5524', from: 5500, to: 5599 },
  { name: 'g5600-g5624', from: 5600, to: 5699 },
  { name: 'g5700-g5724', from: 5700, to: 5799 },
  { name: 'g5800-g5924', from: 5800, to: 5999 },
  { name: 'g6000-g6024', from: 6000, to: 6099 },
  { name: 'g6100-g6124', from: 6100, to: 6199 },
  { name: 'g6200-g6324', from: 6200, to: 6399 },
  { name: 'g6400-g6424', from: 6400, to: 6499 },
  { name: 'g6500-g6524', from: 6500, to: 6599 },
  { name: 'g6600-g6724', from: 6600, to: 6799 },
  { name: 'g6800-g6824', from: 6800, to: 6899 },
  { name: 'g6900-g6924', from: 6900, to: 6999 },
  { name: 'g7000-g7024', from: 7000, to: 7099 },
  { name: 'g7100-g7124', from: 7100, to: 7199 },
  { name: 'g7200-g7324', from: 7200, to: 7399 },
  { name: 'g7400-g7424', from: 7400, to: 7499 },
  { name: 'g7500-g7524', from: 7500, to: 7599 },
  { name: 'g7600-g7724', from: 7600, to: 7799 },
  { name: 'g7800-g7924', from: 7800, to: 7999 },
  { name: 'g8000-g8124', from: 8000, to: 8199 },
  { name: 'g8200-g8324', from: 8200, to: 8399 },
  { name: 'g8400-g8524', from: 8400, to: 8599 },
  { name: 'g8600-g8724', from: 8600, to: 8799 },
  { name: 'g8800-g8924', from: 8800, to: 8999 },
  { name: 'g9000-g9124', from: 9000, to: 9199 },
  { name: 'g9200-g9324', from: 9200, to: 9399 },
  { name: 'g9400-g9524', from: 9400, to: 9599 },
  { name: 'g9600-g9724', from: 9600, to: 9799 },
  { name: 'g9800-g9924', from: 9800, to: 9999 },
  { name: 'g10000-g10124', from: 10000, to: 10199 },
  { name: 'g10200-g10324', from: 10200, to: 10399 },
  { name: 'g10400-g10524', from: 10400, to: 10599 },
  { name: 'g10600-g10724', from: 10600, to: 10799 },
  { name: 'g10800-g10924', from: 10800, to: 10999 },
  { name: 'g11000-g11124', from: 11000, to: 11199 },
  { name: 'g11200-g11324', from: 11200, to: 11399 },
  { name: 'g11400-g11524', from: 11400, to: 11599 },
  { name: 'g11600-g11724', from: 11600, to: 11799 },
];

/** Per batch and split: correct pairs marked contradicted, wrong pairs caught, and the flags' precision. */
export function batchTable(metrics: ClaimMetrics): string[] {
  const lines = [`  ${'batch'.padEnd(11)} ${'split'.padEnd(5)} supportedFlagged contradictedRecall flagPrecision`];
  for (const batch of BATCHES) {
    for (const split of ['dev', 'test'] as const) {
      const inBatch = metrics.outcomes.filter((o) => {
        const number = Number(o.pair.group.slice(1));
        return o.pair.split === split && number >= batch.from && number <= batch.to;
      });
      if (inBatch.length === 0) continue;
      const { supportedFlaggedRate, contradictedRecall, flagPrecision } = figures(inBatch, []);
      lines.push(
        `  ${batch.name.padEnd(11)} ${split.padEnd(5)} ${String(supportedFlaggedRate).padStart(16)} ` +
          `${String(contradictedRecall).padStart(18)} ${String(flagPrecision).padStart(13)}`,
      );
    }
  }
  return lines;
}
