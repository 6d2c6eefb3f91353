/**
 * Citation ids are the short aliases the model is shown (`E1` for a knowledge-base chunk, `G1` for a graph
 * element). Models write them in many ways; everything here turns what they wrote into canonical ids.
 */

/** One id as written inside a marker or an id field, before its brackets are taken off. */
export const CITATION_ID_PATTERN = '[EGeg]\\d{1,4}';

const SINGLE_ID = /^[EG]\d{1,4}$/;
const ID_SEPARATORS = /[\s,，、;；]+/;
const SURROUNDING_BRACKETS = /^[[(【（［〔〖{<]+|[\])】）］〕〗}>]+$/g;
const LABEL_PREFIX =
  /^(?:source|sources|src|ref|refs|reference|references|cite|citation|citations|来源|引用|参考|出处)\s*[:：]?\s*/i;

/**
 * Canonical form of one id as the model wrote it (`e1`, `[E1]`, `【G2】`, `source E1`), or `undefined` when it
 * does not look like a citation id at all.
 */
export function normalizeCitationId(raw: string): string | undefined {
  const bare = raw.trim().replace(SURROUNDING_BRACKETS, '').trim().replace(LABEL_PREFIX, '').replace(/^\^/, '');
  const id = bare.toUpperCase();
  return SINGLE_ID.test(id) ? id : undefined;
}

/**
 * Splits one written entry into the ids it names: `"E1, G2"` and `"[E1][E2]"` name two ids. Entries that name
 * nothing usable come back as `undefined` so that the caller can count them as dropped.
 */
export function splitCitationIds(raw: string): (string | undefined)[] {
  const parts = raw
    .replace(/[\])】）］〕〗}>][[(【（［〔〖{<]/g, ' ')
    .split(ID_SEPARATORS)
    .filter((part) => part.length > 0);
  if (parts.length === 0) return [undefined];
  const joined = normalizeCitationId(raw);
  if (joined !== undefined) return [joined];
  return parts.map(normalizeCitationId);
}

/** Whether a string a model wrote is only a citation id, as opposed to text meant for the reader. */
export function isCitationIdOnly(raw: string): boolean {
  return normalizeCitationId(raw) !== undefined;
}
