import { profileClaims } from './claim-profile.js';
import { hanWords, hanWordsOfRuns } from './han-words.js';

const termsOf = (text: string) =>
  profileClaims(text).sentences.flatMap((s) => s.clauses.flatMap((c) => c.terms.map((t) => t.lower)));

describe('hanWords', () => {
  it('tells where the dictionary words of a run start, and which characters it leaves alone', () => {
    const { starts, alone } = hanWords([...'孕妇禁用']);
    expect(starts).toEqual([true, false, true, false]);
    expect(alone).toEqual([false, false, false, false]);
  });

  it('cuts the runs of a sentence in one call exactly as it cuts each run alone', () => {
    const runs = [
      '检索增强生成先从知识库中找出',
      '与问题相关的片段',
      '入住时交纳',
      '孕妇禁用',
      '改签',
      '段落级引用让读者知道',
    ];
    const alone = runs.map((run) => hanWords([...run]));
    expect(hanWordsOfRuns(runs.map((run) => [...run]))).toEqual(alone);
  });
});

describe('Chinese terms read in words', () => {
  it('reads no pair across two words: 孕妇禁用 says 孕妇 and 禁用, not 妇禁', () => {
    const terms = termsOf('孕妇禁用。');
    expect(terms).toContain('孕妇');
    expect(terms).toContain('禁用');
    expect(terms).not.toContain('妇禁');
    expect(termsOf('员工请事假须提前申请。')).not.toContain('前申');
  });

  it('reads a character the dictionary leaves alone with the characters beside it', () => {
    // 入住时交纳: 时 stands alone between 入住 and 交纳, and 时交 is read as the claim's 入住时交 reads it.
    expect(termsOf('押金入住时交纳。')).toEqual(expect.arrayContaining(['住时', '时交', '交纳']));
  });
});
