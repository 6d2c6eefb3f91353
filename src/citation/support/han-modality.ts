import { grounded, type SourceClause } from './claim-alignment.js';
import type { FoundConflict } from './found-conflict.js';
import type { ClaimSentence, ClaimText, Clause } from './claim-profile.js';
import { hanPassesBound } from './claim-words.js';
import { Note } from './notes.js';

/**
 * What a Chinese clause allows, forbids, requires or excuses: 可以/禁止, 须/无须. A rule is said through these
 * words, often at the end of its clause ("孕晚期妇女禁用"), where a denial that reaches the words after it cannot
 * see it. "对青霉素过敏的人也可以服用" against "青霉素过敏者禁用", "必须空腹" against "无须空腹服用" say the same
 * thing with opposite force.
 */

export type Modality = 'permit' | 'forbid' | 'require' | 'exempt';

/** Each modal word and its force; at each character the longest one is read, so 不能 is read before 能. */
const MODALS: readonly (readonly [string, Modality])[] = (
  [
    ['不得不', 'require'],
    ['不需要', 'exempt'],
    ['不需', 'exempt'],
    ['无需', 'exempt'],
    ['无须', 'exempt'],
    ['不须', 'exempt'],
    ['不必', 'exempt'],
    ['不用', 'exempt'],
    ['免于', 'exempt'],
    ['免除', 'exempt'],
    ['禁止', 'forbid'],
    ['禁用', 'forbid'],
    ['严禁', 'forbid'],
    ['不得', 'forbid'],
    ['不准', 'forbid'],
    ['不许', 'forbid'],
    ['不能', 'forbid'],
    ['不可以', 'forbid'],
    ['不允许', 'forbid'],
    ['不准许', 'forbid'],
    ['不应该', 'forbid'],
    ['不应当', 'forbid'],
    ['不应', 'forbid'],
    ['不可', 'forbid'],
    ['不宜', 'forbid'],
    ['不要', 'forbid'],
    ['切勿', 'forbid'],
    ['请勿', 'forbid'],
    ['禁', 'forbid'],
    ['可以', 'permit'],
    ['允许', 'permit'],
    ['准许', 'permit'],
    ['能够', 'permit'],
    ['能', 'permit'],
    ['可', 'permit'],
    ['必须', 'require'],
    ['务必', 'require'],
    ['需要', 'require'],
    ['须', 'require'],
    ['需', 'require'],
    ['应当', 'require'],
    ['应该', 'require'],
    ['应', 'require'],
  ] as const
).toSorted((a, b) => b[0].length - a[0].length);

/** Words that hold a modal character without its force: 可能 (maybe), 功能 (function), 应用 (application). */
const NOT_MODAL: readonly string[] = [
  '可能',
  '可靠',
  '可见',
  '可爱',
  '可乐',
  '可口',
  '可选',
  '可逆',
  '可控',
  '可观',
  '可是',
  '许可',
  '认可',
  '不可逆',
  '不用于',
  '能量',
  '能效',
  '能力',
  '能源',
  '功能',
  '性能',
  '智能',
  '节能',
  '电能',
  '动能',
  '热能',
  '体能',
  '技能',
  '本能',
  '核能',
  '储能',
  '潜能',
  '万能',
  '需求',
  '须知',
  '应用',
  '应对',
  '响应',
  '对应',
  '相应',
  '反应',
  '供应',
  '适应',
  '应急',
  '答应',
  '效应',
  '感应',
  '回应',
  '不禁',
];

/**
 * The words above by the code of their first character, longest first: most characters start none of them, and a
 * code is looked up without making a string of the character.
 */
const BY_FIRST = new Map<number, (readonly [string, Modality | undefined])[]>();
for (const [word, modality] of [...NOT_MODAL.map((word) => [word, undefined] as const), ...MODALS]) {
  const first = word.charCodeAt(0);
  BY_FIRST.set(first, [...(BY_FIRST.get(first) ?? []), [word, modality]]);
}
for (const words of BY_FIRST.values()) words.sort((a, b) => b[0].length - a[0].length);

interface Modal {
  modality: Modality;
  /** Offsets of the modal word in the text. */
  start: number;
  end: number;
  /**
   * Whether it rules passing a bound ("不得超过5年"): that states the bound, as 最多 does, and disagrees only with a
   * rule on passing it ("可以超过"), not with a rule on an act within it ("最多只能贷到65岁", "可以报销600元").
   */
  bound: boolean;
}

/** The modal words of a clause, in order. */
function modalsOf(clause: Clause): Modal[] {
  let found = modalsByClause.get(clause);
  if (found !== undefined) return found;
  found = [];
  const text = clause.text;
  let i = 0;
  while (i < text.length) {
    const word = BY_FIRST.get(text.charCodeAt(i))?.find(([candidate]) => text.startsWith(candidate, i));
    if (word === undefined) {
      i++;
      continue;
    }
    // A word that holds a modal character without its force is passed over whole.
    const [written, modality] = word;
    if (modality !== undefined) {
      const end = i + written.length;
      found.push({
        modality,
        start: clause.start + i,
        end: clause.start + end,
        bound: hanPassesBound(text.slice(end)),
      });
    }
    i += written.length;
  }
  modalsByClause.set(clause, found);
  return found;
}

const modalsByClause = new Note<Modal[]>();

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

/** A source clause this close shares two of the claim's words or numbers, one of them under the modal word. */
const SHARED = 2;

/**
 * A Chinese claim clause that allows what the source clause it speaks of forbids, or requires what it excuses,
 * and the reverse. Another source clause that says the claim's words with the claim's force, holding all the
 * words and numbers the first one shares, speaks for the claim (a rule's exception).
 */
export function modalityConflict(claim: ClaimSentence, source: ClaimText): FoundConflict | undefined {
  for (const clause of claim.clauses) {
    if (!clause.holdsHan) continue;
    const own = modalsOf(clause);
    if (own.length === 0) continue;
    // The source clauses sharing enough of the claim clause's words, with those words, and their modal words.
    const near: { candidate: SourceClause; words: Set<string>; modals: Modal[] }[] = [];
    for (const { candidate, modals } of modalClauses(source)) {
      const words = shared(clause, candidate.clause);
      if (words.size >= SHARED) near.push({ candidate, words, modals });
    }
    for (let m = 0; m < own.length; m++) {
      const modality = own[m]!.modality;
      const claimRuled = ruled(clause, own, m);
      // Whether a near clause says the shared words with this force, one of them ruled by a modal word. A word the
      // near clause leaves unsaid ("…，不得拆分" speaks of the 年假 before it) is what it speaks of, not what it
      // rules: its own words say what it allows or forbids.
      const says = ({ candidate, words, modals }: (typeof near)[number], wanted: Modality) =>
        modals.some(
          (modal, k) =>
            modal.modality === wanted &&
            modal.bound === own[m]!.bound &&
            [...words].some(
              (word) =>
                (claimRuled.has(word) && candidate.clause.termSet.has(word)) ||
                ruled(candidate.clause, modals, k).has(word),
            ),
        );
      let found: (typeof near)[number] | undefined;
      for (const other of near) {
        if (says(other, OPPOSITE[modality]) && (found === undefined || other.words.size > found.words.size)) {
          found = other;
        }
      }
      if (found === undefined) continue;
      const conflicting = found;
      const agreeing = near.some(
        (other) =>
          other !== conflicting &&
          says(other, modality) &&
          [...conflicting.words].every((word) => other.words.has(word)),
      );
      if (agreeing) continue;
      return {
        conflict: { kind: 'negation', claim: clause.text, source: conflicting.candidate.clause.text },
        sentence: conflicting.candidate.sentence,
      };
    }
  }
  return undefined;
}

/**
 * The claim clause's words and numbers a source clause holds. Words a short clause leaves unsaid count: "…不超过
 * 400元的，可以免于办理" excuses those it names before.
 */
function shared(clause: Clause, candidate: Clause): Set<string> {
  const words = new Set<string>();
  for (const term of clause.terms) {
    if (candidate.termSet.has(term.term) || candidate.context.has(term.term)) words.add(term.term);
  }
  clause.quantities.forEach((quantity, q) => {
    if (grounded(quantity, candidate.quantities)) words.add(`#${q}`);
  });
  return words;
}
