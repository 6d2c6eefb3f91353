import { judgeEach, type ClaimCase } from '../../../test/support/claim-cases.js';

/**
 * Readings that a new rule must not take too far: each pair is a correct paragraph (or a contradiction the rule
 * must not hide), said the way an answer says it, beside the rule it once tripped.
 */
const cases: ClaimCase[] = [
  [
    'the purpose after "rather than" is said of the choice made',
    'Pay by card rather than cash to have your receipt emailed to you.',
    'If you pay by card, your receipt is emailed to you.',
    'verified',
    '',
  ],
  [
    '"instead of" offers a choice: it denies nothing',
    'You can use your passport instead of a driving licence as photo ID.',
    'A driving licence is accepted as photo ID, and so is a passport.',
    'unverified',
    '',
  ],
  [
    '"no longer than" before no number denies the comparison',
    'The Pro has a longer battery life than the standard model.',
    'Battery life on the Pro is no longer than on the standard model.',
    'contradicted',
    'negation',
  ],
  [
    '"with or without" states no requirement',
    'Drinks are not allowed in the reading room with or without a lid.',
    'Drinks with a lid are allowed in the reading room.',
    'contradicted',
    'negation',
  ],
  [
    'a denial until a condition, against a plain permission without it',
    'Visitors are not allowed in the lab without an escort.',
    'Visitors are allowed in the lab unaccompanied.',
    'contradicted',
    'negation',
  ],
  [
    'an extra date of another event is not a changed date',
    'The museum reopened on 3 May 2023 after a two-year renovation.',
    'The renovation began in March 2021.',
    'unverified',
    '',
  ],
  [
    'a date with its day kept and its month changed',
    'The museum opened on 3 May 2023.',
    'The museum opened on 3 June 2023.',
    'contradicted',
    'date',
  ],
  [
    'a value the claim starts from is not paired with the value it goes to',
    'The 12-month contract costs £30 a month, and the 24-month contract costs £25 a month.',
    'Switching from £30 a month to a 24-month contract cuts your bill.',
    'unverified',
    '',
  ],
  [
    'a temperature in the other scale within the source bound',
    'Machine wash at up to 40°C.',
    'You can machine wash it at 86°F.',
    'unverified',
    '',
  ],
  [
    'an approximate temperature converted before it is compared',
    'Bake at 180°C for 30 minutes.',
    'Bake at about 365°F for 30 minutes.',
    'unverified',
    '',
  ],
  [
    '最多的 is a superlative, not a bound',
    '今年报名人数最多的专业有320人。',
    '今年报名人数最多的那个专业共有350人报名。',
    'contradicted',
    'number',
  ],
  [
    'a comma before a measured number ends no list: ages are not hours',
    'Children aged 3 to 5 get 15 hours of free childcare a week.',
    'For ages 3, 4 and 5, 15 hours of childcare a week are free.',
    'unverified',
    '',
  ],
  [
    'a spaced dash between two names is a pair, not a clause break',
    'The clinic is open Monday - Friday, 8 am - 6 pm.',
    'The clinic opens Monday to Friday from 8 am to 6 pm.',
    'verified',
    '',
  ],
];

describe('ClaimSupportVerifier on readings a rule must not take too far', () => {
  judgeEach(cases);
});
