/**
 * Model outputs with known citation faults, built from twelve facts of the two knowledge bases. Each fact
 * comes with the chunk that states it (offered as E1) and a chunk that does not (offered as E2), and is
 * written six ways, each with one fault whose label follows from how it was built:
 *   invented-id      cites E1 and E7 (never offered): one illegal id;
 *   unsupported-id   cites only E2, whose chunk does not say it;
 *   partly-supported adds a sentence no chunk states, citing E1: the paragraph is not supported, E1 is;
 *   invented-quote   one paragraph quoting E1's real words, one quoting words E1 does not hold;
 *   broken-json      the JSON breaks after the first paragraph and plain text follows;
 *   truncated        the output stops inside the second paragraph (finish_reason "length").
 */

export type FaultKind =
  'invented-id' | 'unsupported-id' | 'partly-supported' | 'invented-quote' | 'broken-json' | 'truncated';

export interface FaultyOutput {
  name: string;
  fault: FaultKind;
  /** Chunk keys offered, as E1 and E2. */
  offered: [string, string];
  raw: string;
  finishReason: 'stop' | 'length';
  label: {
    formatOk: boolean;
    illegalIds: number;
    /** Offered ids cited by the first paragraph that its chunk does not support. */
    unsupportedIds: string[];
    /** Per quote, in order: whether its words are in the cited chunk. */
    quotes: boolean[];
  };
}

interface Fact {
  chunk: string;
  wrong: string;
  sentence: string;
}

const FACTS: Fact[] = [
  {
    chunk: 'rag1',
    wrong: 'sse2',
    sentence: 'Then a language model writes the answer with those chunks in its prompt.',
  },
  {
    chunk: 'rag2',
    wrong: 'tram3',
    sentence:
      'Chunks usually overlap a little, so that a sentence cut at a boundary still appears whole in one of them.',
  },
  { chunk: 'cite3', wrong: 'sse1', sentence: 'The server, not the model, decides whether a citation is real.' },
  { chunk: 'sse2', wrong: 'cite1', sentence: 'Proxies often close connections that stay silent for a while.' },
  {
    chunk: 'sse3',
    wrong: 'rag3',
    sentence: 'When the reader closes the page, the server should stop the request to the model at once.',
  },
  { chunk: 'tram1', wrong: 'tram5', sentence: 'It carries about 1,000 passengers an hour at peak times.' },
  { chunk: 'tram2', wrong: 'tram4', sentence: 'Each tram has 4 carriages and seats 180 people.' },
  { chunk: 'tram4', wrong: 'tram2', sentence: 'Construction is led by engineer Maria Okafor.' },
  {
    chunk: 'zrag2',
    wrong: 'ztram1',
    sentence: '中文文本按句号、问号和感叹号断句，再把相邻的句子合并成大小合适的片段。',
  },
  { chunk: 'zpg1', wrong: 'ztram5', sentence: '管理员可以查询哪些回答引用了某个片段。' },
  { chunk: 'ztram3', wrong: 'zrag1', sentence: '单程票价为2.40欧元，18岁以下乘客免费。' },
  { chunk: 'ztram4', wrong: 'zpg2', sentence: '预计耗资8500万欧元，由工程师玛丽亚·奥卡福负责施工。' },
];

const isChinese = (text: string) => /\p{Script=Han}/u.test(text);

function extraClaim(fact: Fact): string {
  return isChinese(fact.sentence) ? '这项做法最早在欧洲推广。' : 'It was the first system of its kind in Europe.';
}

function inventedQuote(fact: Fact): string {
  return isChinese(fact.sentence)
    ? '这一点已经由独立审计在二〇二一年确认。'
    : 'This was confirmed by an independent audit in 2021.';
}

/** The sentence as a model would copy it into a quote: without its final stop, its first letter lowercased. */
function copied(sentence: string): string {
  const bare = sentence.replace(/[.。]$/u, '');
  return bare.charAt(0).toLowerCase() + bare.slice(1);
}

const json = (paragraphs: unknown[]) => JSON.stringify({ paragraphs });

export function faultyOutputs(): FaultyOutput[] {
  return FACTS.flatMap((fact, i): FaultyOutput[] => {
    const offered: [string, string] = [fact.chunk, fact.wrong];
    const base = { offered, finishReason: 'stop' as const };
    const name = (fault: FaultKind) => `${fault}-${i + 1}-${fact.chunk}`;
    const second = json([{ text: fact.sentence, citationIds: ['E1'] }]);
    return [
      {
        ...base,
        name: name('invented-id'),
        fault: 'invented-id',
        raw: json([{ text: fact.sentence, citationIds: ['E1', 'E7'] }]),
        label: { formatOk: true, illegalIds: 1, unsupportedIds: [], quotes: [] },
      },
      {
        ...base,
        name: name('unsupported-id'),
        fault: 'unsupported-id',
        raw: json([{ text: fact.sentence, citationIds: ['E2'] }]),
        label: { formatOk: true, illegalIds: 0, unsupportedIds: ['E2'], quotes: [] },
      },
      {
        ...base,
        name: name('partly-supported'),
        fault: 'partly-supported',
        raw: json([
          { text: `${fact.sentence}${isChinese(fact.sentence) ? '' : ' '}${extraClaim(fact)}`, citationIds: ['E1'] },
        ]),
        label: { formatOk: true, illegalIds: 0, unsupportedIds: [], quotes: [] },
      },
      {
        ...base,
        name: name('invented-quote'),
        fault: 'invented-quote',
        raw: json([
          { text: fact.sentence, citationIds: ['E1'], quotes: [{ citationId: 'E1', text: copied(fact.sentence) }] },
          { text: fact.sentence, citationIds: ['E1'], quotes: [{ citationId: 'E1', text: inventedQuote(fact) }] },
        ]),
        label: { formatOk: true, illegalIds: 0, unsupportedIds: [], quotes: [true, false] },
      },
      {
        ...base,
        name: name('broken-json'),
        fault: 'broken-json',
        raw: `${second.slice(0, -2)}, {"text": "${extraClaim(fact)}" ]]} and then some prose.`,
        label: { formatOk: false, illegalIds: 0, unsupportedIds: [], quotes: [] },
      },
      {
        ...base,
        name: name('truncated'),
        fault: 'truncated',
        finishReason: 'length',
        raw: `${second.slice(0, -2)},{"text":"${fact.sentence.slice(0, 12)}`,
        label: { formatOk: false, illegalIds: 0, unsupportedIds: [], quotes: [] },
      },
    ];
  });
}
