import { judgeEach, type ClaimCase } from '../../../test/support/claim-cases.js';

const DOSES =
  'Dosing guide for WormAway tablets. Cats: one 20 mg tablet per 2 kg of body weight. Dogs: one 50 mg tablet per 5 kg of body weight. Give every 3 months.';
const VISAS =
  'Visitor visa options. The Single Entry visa costs US$60, is valid for 90 days and allows one stay of up to 30 days. The Multiple Entry visa costs US$150, is valid for one year and allows stays of up to 60 days per visit.';

/** A value given to the subject of one source sentence that another sentence gives its own subject (subject-values.ts). */
const cases: ClaimCase[] = [
  [
    "the dogs' weight given to cats",
    DOSES,
    'Cats should get one 20 mg tablet per 5 kg of body weight.',
    'contradicted',
    'number',
  ],
  ["the cats' own weight", DOSES, 'Cats get one 20 mg tablet for every 2 kg they weigh.', 'unverified', ''],
  [
    'both subjects named, their values compared',
    DOSES,
    'Cats need a smaller tablet than dogs: 20 mg per 2 kg, against 50 mg per 5 kg.',
    'unverified',
    '',
  ],
  [
    "the Single Entry visa's stay given to the Multiple Entry visa",
    VISAS,
    'On a Multiple Entry visa each visit can last up to 30 days, and the visa itself is valid for a year.',
    'contradicted',
    'number',
  ],
  [
    "the Multiple Entry visa's own stay",
    VISAS,
    'On a Multiple Entry visa each visit can last up to 60 days, and the visa itself is valid for a year.',
    'unverified',
    '',
  ],
  [
    'a value the sentence of another subject gives, where that sentence names the claim subject too',
    '机动车驾驶人一个记分周期为12个月，满分为12分。在一个记分周期内累积记分达到12分的，驾驶人须参加7天的学习。',
    '一个记分周期是一年，满分12分。',
    'verified',
    '',
  ],
];

describe('ClaimSupportVerifier on a value given to another subject', () => {
  judgeEach(cases);
});
