import { grounded, type SourceClause } from './claim-alignment.js';
import type { FoundConflict } from './found-conflict.js';
import type { ClaimSentence, ClaimText, Clause } from './claim-profile.js';
import { afterTheWait, requirementsSaidApart } from './claim-polarity.js';
import { modalsOf, type Modal, type Modality } from './modal-words.js';
import { boundsOtherSide } from './bound-conflict.js';
import { anotherThingOrCase, flipped } from './denial-conflict.js';

/**
 * A claim that states a rule with the opposite force of the source's rule on the same thing: "对青霉素过敏的人也可以
 * 服用" against "青霉素过敏者禁用", "必须空腹" against "无须空腹服用", "batteries over 100 Wh can go in your checked
 * suitcase" against "… are not permitted in checked baggage", "bring a referral letter" said as a must against "no
 * referral letter is needed". The modal words are read in modal-words.ts.
 */

/** The source's clauses that say a modal word, with their modal words, in order: worked out once a source. */
function modalClauses(source: ClaimText): readonly { candidate: SourceClause; modals: Modal[] }[] {
  let found = modalClausesBySource.get(source);
  if (found === undefined) {
    found = [];
    for (const candidate of source.clauses) {
      const modals = modalsOf(candidate.clause);
      if (modals.length > 0) found.push({ candidate, modals });
    }
    modalClausesBySource.set(source, found);
  }
  return found;
}

const modalClausesBySource = new WeakMap<ClaimText, { candidate: SourceClause; modals: Modal[] }[]>();

/**
 * The terms a modal word rules: those after it, up to the next modal word; or, at the end of its clause
 * ("孕晚期妇女禁用"), those before it.
 */
function ruled(clause: Clause, modals: readonly Modal[], at: number): Set<string> {
  const modal = modals[at]!;
  const next = modals[at + 1]?.start ?? clause.end;
  const after = clause.terms.filter((term) => term.start >= modal.end && term.start < next);
  if (after.length > 0) return new Set(after.map((term) => term.term));
  const previous = modals[at - 1]?.end ?? clause.start;
  return new Set(clause.terms.filter((term) => term.end <= modal.start && term.start >= previous).map((t) => t.term));
}

const OPPOSITE: Record<Modality, Modality> = {
  permit: 'forbid',
  forbid: 'permit',
  require: 'exempt',
  exempt: 'require',
};

/**
 * Of the words a rule reached through a concession rules, the share the claim's clause and its concession must say:
 * Chinese character pairs that run across two words (`品孕` in `本品孕妇禁用`) are never said.
 */
const CONCEDED_SHARE = 2 / 3;

/** A source clause this close shares two of the claim's words or numbers, one of them under the modal word. */
const SHARED = 2;
/** A rule clause of this few words names its case in the clause beside it. */
const BARE_RULE_TERMS = 2;

/**
 * A claim clause that allows what the source clause it speaks of forbids, or requires what it excuses,
 * and the reverse. Another source clause that says the claim's words with the claim's force, holding all the
 * words and numbers the first one shares, speaks for the claim (a rule's exception).
 */
export function modalityConflict(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  const rules = modalClauses(source);
  for (let c = 0; c < claim.clauses.length; c++) {
    const clause = claim.clauses[c]!;
    // A claim clause's modal words are read only where the source states a rule in its language for them to oppose:
    // most sources state none.
    if (!rules.some(({ candidate }) => candidate.clause.holdsHan === clause.holdsHan)) continue;
    const own = modalsOf(clause);
    if (own.length === 0) continue;
    const conceded = concession(claim.clauses[c - 1]);
    // The source clauses of the claim's language sharing enough of the claim clause's words, with those words, and
    // their modal words.
    const near: { candidate: SourceClause; words: Set<string>; modals: Modal[] }[] = [];
    for (const { candidate, modals } of rules) {
      if (candidate.clause.holdsHan !== clause.holdsHan) continue;
      // The concession's words are the case the rule is said of: they reach a clause the claim's own words do not,
      // and the claim's clause and its concession must say what such a clause rules (`CONCEDED_SHARE`): "even if no
      // member is present, guests can use the sauna" is no claim against "guests cannot use the pool without a member
      // present".
      let words = shared(clause, candidate.clause, undefined);
      if (words.size < SHARED && conceded !== undefined) {
        words = shared(clause, candidate.clause, conceded);
        const rulesOnlyOwn = modals.some((_, k) => {
          const ruledWords = [...ruled(candidate.clause, modals, k)];
          const said = ruledWords.filter((word) => clause.termSet.has(word) || conceded.termSet.has(word)).length;
          return ruledWords.length > 0 && said >= CONCEDED_SHARE * ruledWords.length;
        });
        if (!rulesOnlyOwn) continue;
      }
      // A rule of one word ("there's no need to book") names its case in the clause beside it ("residents can just
      // turn up"): that clause's words count, once the rule's own word is the source clause's.
      if (words.size < SHARED && clause.terms.length <= BARE_RULE_TERMS && namesRuled(clause, own, candidate.clause)) {
        const beside = claim.clauses[c + 1] ?? claim.clauses[c - 1];
        if (beside !== undefined) words = shared(clause, candidate.clause, beside);
      }
      if (words.size < SHARED) continue;
      near.push({ candidate, words, modals });
    }
    for (let m = 0; m < own.length; m++) {
      const modality = own[m]!.modality;
      // An act the source never names ("can be sent back") is its act said in other words ("cannot be returned").
      const act = own[m]!.act;
      const actUnnamedBySource = act !== undefined && !source.terms.has(act);
      const ownAct = actUnnamedBySource ? { ...own[m]!, act: undefined } : own[m]!;
      const claimRuled = ruled(clause, own, m);
      // Whether a near clause says the shared words with this force, one of them ruled by a modal word. A word the
      // near clause leaves unsaid ("…，不得拆分" speaks of the 年假 before it) is what it speaks of, not what it
      // rules: its own words say what it allows or forbids.
      const says = ({ candidate, words, modals }: (typeof near)[number], wanted: Modality) =>
        modals.some(
          (modal, k) =>
            modal.modality === wanted &&
            modal.bound === own[m]!.bound &&
            sameAct(modal, ownAct) &&
            [...words].some(
              (word) =>
                (claimRuled.has(word) && candidate.clause.termSet.has(word)) ||
                ruled(candidate.clause, modals, k).has(word),
            ),
        );
      let found: (typeof near)[number] | undefined;
      for (const other of near) {
        // "may not use it unless accompanied" and "can only use it if accompanied" state one requirement.
        if (requirementsSaidApart(clause, other.candidate.clause)) continue;
        // A clause with both forces ("a runner who cannot race may defer their entry") rules on a case of its own.
        if (actUnnamedBySource && says(other, modality) && says(other, OPPOSITE[modality])) continue;
        if (says(other, OPPOSITE[modality]) && (found === undefined || other.words.size > found.words.size)) {
          found = other;
        }
      }
      // A rule for the other side of the source's bound ("over 12" against "under 12") may well be another.
      if (
        found === undefined ||
        boundsOtherSide(clause, found.candidate.clause) ||
        anotherThingOrCase(clause, claim, found.candidate, source) ||
        afterTheWait(clause, found.candidate.clause, source.sentences[found.candidate.sentence]!)
      )
        continue;
      const conflicting = found;
      // A clause with the claim's force that holds the words the claim shares with the other speaks for it: the
      // rule's exception. In English, one that shares as many words does too: the rule the claim restates, while the
      // other clause states another (Chinese words are pairs of characters, too many to weigh so).
      const agreeing = near.some(
        (other) =>
          other !== conflicting &&
          says(other, modality) &&
          ((!clause.holdsHan && other.words.size >= conflicting.words.size) ||
            [...conflicting.words].every((word) => other.words.has(word))),
      );
      if (agreeing || deniedMoreClosely(clause, modality, conflicting.words, source)) continue;
      return {
        conflict: { kind: 'negation', claim: clause.text, source: conflicting.candidate.clause.text },
        sentence: conflicting.candidate.sentence,
      };
    }
  }
  return undefined;
}

/**
 * Whether a source clause without a modal word denies what the claim forbids, holding the words the opposite rule
 * shares with the claim and more of the claim's own: "已拆封的数字化商品不适用无理由退货" speaks for
 * "已经拆封的数字化商品不能无理由退货" against the general "可申请无理由退货".
 */
function deniedMoreClosely(
  clause: Clause,
  modality: Modality,
  conflictingWords: ReadonlySet<string>,
  source: ClaimText,
): boolean {
  if (modality !== 'forbid') return false;
  return source.clauses.some(({ clause: other }) => {
    if (other.holdsHan !== clause.holdsHan || !other.terms.some((term) => term.denied)) return false;
    const words = shared(clause, other, undefined);
    return (
      words.size >= conflictingWords.size + MORE_WORDS &&
      [...conflictingWords].every((word) => words.has(word)) &&
      flipped(clause, other) === undefined
    );
  });
}

/** How many more of the claim's words a clause that denies what it forbids says than the opposite rule. */
const MORE_WORDS = 2;

/** Whether the source clause says a word of the clause other than its modal words ("book" of "no need to book"). */
function namesRuled(clause: Clause, modals: readonly Modal[], candidate: Clause): boolean {
  return clause.terms.some(
    (term) =>
      candidate.termSet.has(term.term) && !modals.some((modal) => term.start >= modal.start && term.start < modal.end),
  );
}

/**
 * The claim clause's words and numbers a source clause holds. Words a short clause leaves unsaid count: "…不超过
 * 400元的，可以免于办理" excuses those it names before.
 */
function shared(clause: Clause, candidate: Clause, conceded: Clause | undefined): Set<string> {
  const words = new Set<string>();
  for (const term of [...clause.terms, ...(conceded?.terms ?? [])]) {
    if (candidate.termSet.has(term.term) || candidate.context.has(term.term)) words.add(term.term);
  }
  clause.quantities.forEach((quantity, q) => {
    if (grounded(quantity, candidate.quantities)) words.add(`#${q}`);
  });
  return words;
}

/**
 * The clause before, when it concedes the case the rule is said of: "就算有别人预约了这本书，你也还能续借" rules on
 * books someone has reserved, "even if you miss a class, you can still move up" on missed classes.
 */
function concession(before: Clause | undefined): Clause | undefined {
  return before !== undefined && CONCEDES.test(before.text) ? before : undefined;
}

const CONCEDES = /^\s*(?:就算|即使|即便|哪怕|纵然|even\s+(?:if|when|though)\b)/iu;

/** Whether two rules speak of one act: an auxiliary names it by the verb after it; a participle leaves it open. */
function sameAct(a: Modal, b: Modal): boolean {
  return a.act === undefined || b.act === undefined || a.act === b.act;
}
