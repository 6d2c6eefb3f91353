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
    'verified',
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
  [
    'a bound binds a clause that gives it as a bound, not one where it ends a range',
    'Income up to £12,570 is tax-free. The basic rate of 20% applies to income from £12,571 to £50,270, and the higher rate of 40% above that.',
    'On income above £50,270 you pay 40%.',
    'unverified',
    '',
  ],
  [
    '"1080p" is a screen\'s lines, not pence',
    'The Standard plan costs £10.99 a month and streams in 1080p. The Premium plan costs £17.99 a month and streams in 4K.',
    'If you only need 1080p, the £10.99 Standard plan is enough.',
    'unverified',
    '',
  ],
  [
    'a version after a lowercase "version" is not a count of the word after it',
    'The app came with version 2 in 2021, and version 3 added offline maps.',
    'Offline maps came in version 3.',
    'unverified',
    '',
  ],
  [
    'a bound age is no item of a list of percentages',
    'Children under 5 go free, and seniors over 65 get 50% off the adult fare of £12.',
    'Entry is free for children under 5 and 50% off for over-65s.',
    'unverified',
    '',
  ],
  [
    'a range in the other scale, its first number sharing the unit of its second',
    'Bake at 180–190°C for 25 minutes.',
    'Bake at 350–375°F for 25 minutes.',
    'verified',
    '',
  ],
  [
    'a temperature converted wrongly by more than recipes round',
    'Cook chicken until the internal temperature reaches 74°C.',
    'Cook chicken until it reaches 160°F.',
    'contradicted',
    'number',
  ],
  [
    'a date that shares only its month is another event',
    'The bridge opened to traffic on 12 May 1998 after six years of construction.',
    'Construction started in May 1992, so it took six years.',
    'unverified',
    '',
  ],
];
describe('ClaimSupportVerifier on readings a rule must not take too far', () => {
  judgeEach(cases);
});
