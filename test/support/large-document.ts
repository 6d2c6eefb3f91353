/**
 * A plain-text document of about `bytes` bytes: varied English filler (numbered, so that no two sentences are
 * alike) with one sentence that can be asked about placed near the end.
 */
export const NEEDLE = 'The lighthouse on Karvella Point is kept by a retired cartographer named Oriane Valdez.';
export const NEEDLE_QUESTION = 'Who keeps the lighthouse on Karvella Point?';
export const NEEDLE_ANSWER = 'Oriane Valdez';

const SUBJECTS = [
  'The harbour office',
  'A ferry clerk',
  'The weather station',
  'Each fishing crew',
  'The town archive',
];
const VERBS = ['records', 'reports', 'keeps a note of', 'publishes', 'counts'];
const OBJECTS = [
  'the tide tables',
  'the morning catch',
  'the wind readings',
  'the ferry timetable',
  'the lamp oil stock',
];

export function largeDocument(bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  let n = 0;
  const needleAt = Math.floor(bytes * 0.97);
  let placed = false;
  while (size < bytes - 200) {
    const sentence =
      !placed && size >= needleAt
        ? NEEDLE
        : `${SUBJECTS[n % 5]} ${VERBS[Math.floor(n / 5) % 5]} ${OBJECTS[Math.floor(n / 25) % 5]} for week ${n}.`;
    if (sentence === NEEDLE) placed = true;
    lines.push(sentence);
    size += Buffer.byteLength(sentence) + 1;
    n++;
    if (n % 8 === 0) {
      lines.push('');
      size++;
    }
  }
  return lines.join('\n');
}
