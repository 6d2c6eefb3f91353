import type { SourceClause } from './claim-alignment.js';
import type { FoundConflict } from './found-conflict.js';
import type { ClaimSentence, ClaimText, Clause, ClauseTerm } from './claim-profile.js';

/**
 * One claim clause that gives a thing the object another clause of the same source sentence gives another thing:
 * "Windows laptops should use vpn2.corp.example.com" against "Windows laptops use the gateway vpn1.corp.example.com,
 * while macOS devices use vpn2.corp.example.com"; "办理旅游签证需要提供当地企业出具的邀请函" against "商务签证须提供当地企业的邀请函，旅游签证须提供往返
 * 机票预订单和酒店订单". The two source clauses say one predicate ("use", 提供) of two things; the claim takes its thing
 * from before the predicate of one and its object from after the predicate of the other, and says neither the first's
 * own object nor the second's own thing. On the labelled pairs (counted, not listed), this caught 8 more wrong
 * paragraphs on dev and 6 on the test splits, and warned about one correct paragraph on the test splits; read across
 * two sentences, it warned about 4 correct paragraphs for 12 wrong ones caught. A Chinese clause whose verb closes
 * around its object ("A座人员到东侧停车场集合") is parted by the words both clauses say instead (`twoRuns`): 2 more on dev
 * and 2 on test, no warnings; parted that way in English, it warned about a correct paragraph on dev.
 */
export function mixedPairConflict(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  const sentences = clausesBySentence(source);
  for (const clause of claim.clauses) {
    // A value is judged by the number checks; a clause needs a thing, a predicate and an object. A clause that exempts
    // ("旅游签证免交当地企业的邀请函") reads no denial at all, and would read as giving the object.
    if (clause.quantities.length > 0 || clause.terms.length < MIN_TERMS || EXEMPTS.test(clause.text)) continue;
    for (const parts of sentences) {
      // Both source clauses share a word with the claim's: most sentences have one such clause or none.
      const sharing = parts.filter((held) => clause.terms.some((term) => held.clause.termSet.has(term.term)));
      if (sharing.length < 2) continue;
      for (const first of sharing) {
        for (const second of sharing) {
          if (first === second) continue;
          const found = mixed(clause, first.clause, second.clause);
          if (found) return { conflict: { kind: 'name', ...found }, sentence: first.sentence };
        }
      }
    }
  }
  return undefined;
}

/** The source's clauses of enough words, by sentence, made once a source: a source is read against every claim. */
function clausesBySentence(source: ClaimText): readonly (readonly SourceClause[])[] {
  let found = bySource.get(source);
  if (found === undefined) {
    const grouped = source.sentences.map((): SourceClause[] => []);
    for (const held of source.clauses) if (held.clause.terms.length >= MIN_TERMS) grouped[held.sentence]!.push(held);
    found = grouped.filter((parts) => parts.length >= 2);
    bySource.set(source, found);
  }
  return found;
}

const bySource = new WeakMap<ClaimText, readonly (readonly SourceClause[])[]>();

/** A clause of fewer words names no thing, predicate and object apart. */
const MIN_TERMS = 3;

function mixed(clause: Clause, first: Clause, second: Clause): { claim: string; source: string } | undefined {
  const predicate = first.terms.filter((term) => second.termSet.has(term.term) && clause.termSet.has(term.term));
  if (predicate.length === 0) return undefined;
  const [thing, object] = sides(first, second, predicate);
  const [otherThing, otherObject] = sides(second, first, predicate);
  if (thing.length === 0 || otherObject.length === 0 || object.length === 0 || otherThing.length === 0)
    return undefined;
  // "A container that exceeds its memory limit is killed; one that exceeds its CPU limit is throttled": the second
  // names its thing by a pronoun, and it is the first's.
  if (!thing.some(named) || !otherThing.some(named)) return undefined;
  // Said with the source's polarity: "paracetamol can be taken without food" denies what "with food" gives ibuprofen.
  const says = (terms: readonly ClauseTerm[]) =>
    terms.filter((term) => clause.terms.some((own) => own.term === term.term && own.denied === term.denied));
  const saidThing = says(thing);
  const saidObject = says(otherObject);
  const mentions = (terms: readonly ClauseTerm[]) => terms.some((term) => clause.termSet.has(term.term));
  if (saidThing.length === 0 || saidObject.length === 0 || mentions(object) || mentions(otherThing)) {
    return undefined;
  }
  // In the claim too, the thing comes before the object.
  const at = (term: ClauseTerm) => clause.terms.find((own) => own.term === term.term)!.start;
  if (Math.max(...saidThing.map(at)) > Math.min(...saidObject.map(at))) return undefined;
  const ownObject = clause.terms.filter((own) => saidObject.some((term) => term.term === own.term));
  return { claim: spanOf(clause, ownObject), source: spanOf(first, object) };
}

/** The clause's text from the first of the terms to the last: what the warning shows. */
function spanOf(clause: Clause, terms: readonly ClauseTerm[]): string {
  const from = Math.min(...terms.map((term) => term.start));
  const to = Math.max(...terms.map((term) => term.end));
  return clause.text.slice(from - clause.start, to - clause.start);
}

/** The clause's own words before the shared predicate and after it, leaving out those the other clause says. */
function sides(own: Clause, other: Clause, predicate: readonly ClauseTerm[]): [ClauseTerm[], ClauseTerm[]] {
  const shared = new Set(predicate.map((term) => term.term));
  const verb = own.terms.find((term) => shared.has(term.term))?.start;
  if (verb === undefined) return [[], []];
  const distinct = own.terms.filter((term) => !other.termSet.has(term.term));
  const before = distinct.filter((term) => term.start < verb);
  const after = distinct.filter((term) => term.start > verb);
  if ((before.length > 0 && after.length > 0) || !own.holdsHan) return [before, after];
  return twoRuns(own, other) ?? [before, after];
}

/**
 * The clause's own words in two runs, parted by words the other clause says too: "A座人员到东侧停车场集合" against
 * "B座人员到南门广场集合" is A座 and 东侧停车场, around 人员: a Chinese verb may close around its object (到…集合), leaving
 * nothing after the predicate the clauses share.
 */
function twoRuns(own: Clause, other: Clause): [ClauseTerm[], ClauseTerm[]] | undefined {
  const runs: ClauseTerm[][] = [];
  const shared = own.terms.filter((term) => other.termSet.has(term.term));
  let parted = true;
  for (const term of own.terms) {
    if (other.termSet.has(term.term)) {
      parted = true;
      continue;
    }
    if (parted) runs.push([]);
    runs.at(-1)!.push(term);
    parted = false;
  }
  if (runs.length !== 2) return undefined;
  // A character pair that runs into a shared word (场集 of 停车场集合) ends a run only where nothing else is left.
  const overlaps = (term: ClauseTerm) => shared.some((word) => word.start < term.end && term.start < word.end);
  for (const run of runs) {
    while (run.length > 1 && overlaps(run[0]!)) run.shift();
    while (run.length > 1 && overlaps(run.at(-1)!)) run.pop();
  }
  return [runs[0]!, runs[1]!];
}

/** A word that names a thing, said plainly: not a pronoun that points back to one, nor a denied word. */
function named(term: ClauseTerm): boolean {
  return !POINTING.has(term.lower) && !term.denied && !term.inverted;
}

/** 免交, 免收: exempts from handing in or paying what follows. */
const EXEMPTS = /免[交收缴付征]/;

const POINTING: ReadonlySet<string> = new Set(['one', 'ones', 'it', 'they', 'this', 'that', 'these', 'those', 'which']);
