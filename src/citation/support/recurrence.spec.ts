import { judgeEach, type ClaimCase } from '../../../test/support/claim-cases.js';

const ALLOWANCE =
  'Employees may work remotely up to 2 days per week. Equipment allowance is $300 once per year, paid in January.';
const ACCOUNT = 'Accounts inactive for 12 months incur a £10 quarterly fee. Paper statements cost £2 each.';
const VISA =
  'The authorization costs $21, is valid for 2 years and allows stays of up to 90 days per visit. Land arrivals need none.';
const CONTRACT = 'Customers who cancel a 12-month contract early pay $15 for each remaining month.';
const CARD = '剩余部分将按日利率0.05%计收利息。取现手续费为取现金额的1%，最低10元。';
const INSURANCE = '在三级医院住院，起付线为1000元。年度最高支付限额为40万元。';
const PARKING = '地面车位月卡180元/月，地下车位300元/月。';
const SUBSCRIPTION = 'The Team plan costs £35 a month per seat. The Solo plan costs £12.';

const cases: ClaimCase[] = [
  [
    'a yearly allowance given every month',
    ALLOWANCE,
    'Employees get a $300 equipment allowance every month.',
    'contradicted',
    'unit',
  ],
  ['a quarterly fee said to be monthly', ACCOUNT, 'Inactive accounts are charged £10 a month.', 'contradicted', 'unit'],
  [
    'a stay per visit said per year',
    VISA,
    'The authorization lets you stay for up to 90 days per year.',
    'contradicted',
    'unit',
  ],
  [
    'each remaining month said each remaining week',
    CONTRACT,
    'Cancelling early costs $15 for each remaining week.',
    'contradicted',
    'unit',
  ],
  ['a daily rate said monthly (Chinese)', CARD, '没还清的部分按月利率0.05%计息。', 'contradicted', 'unit'],
  ['a yearly cap said per stay (Chinese)', INSURANCE, '每次住院最高可以报销40万元。', 'contradicted', 'unit'],
  [
    'a price a month said a year, after the value (Chinese)',
    PARKING,
    '地面车位月卡每年180元。',
    'contradicted',
    'unit',
  ],
  ['the same recurrence in other words', ALLOWANCE, 'You receive $300 for equipment annually.', 'unverified', ''],
  ['the same recurrence, in days', ACCOUNT, 'Dormant accounts pay £10 every quarter.', 'unverified', ''],
  [
    'a monthly price worked out for a year: another number',
    SUBSCRIPTION,
    'A Team seat comes to £420 a year.',
    'unverified',
    '',
  ],
  [
    'a value the source also gives without a recurrence',
    SUBSCRIPTION,
    'The Solo plan is £12 per month.',
    'unverified',
    '',
  ],
  [
    '"a day pass" names a ticket, not a recurrence',
    'A ticket costs €8 per ride.',
    'For €8 you get a day pass.',
    'unverified',
    '',
  ],
];

describe('ClaimSupportVerifier on how often a value recurs', () => {
  judgeEach(cases);
});
