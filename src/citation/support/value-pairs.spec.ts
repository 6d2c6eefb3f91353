import { judgeEach, type ClaimCase } from '../../../test/support/claim-cases.js';

const REDIRECTION =
  '邮件转寄服务分为3个月、6个月和12个月三种，费用分别为68元、118元和198元。申请须在生效日期前至少5个工作日提交。';
const PLANS = 'The 6-month and 12-month plans cost £60 and £100 respectively. Both renew automatically.';
const GAS = '15公斤液化气钢瓶每瓶120元，50公斤每瓶380元，价格含送气上门费。';

const SURNAMES = 'Prices for one surname are £39.50 for 3 months, £57.50 for 6 months and £85 for 12 months.';

const cases: ClaimCase[] = [
  [
    'two pairs traded, each key said after its value in the source and before it in the claim',
    SURNAMES,
    '单一姓氏转寄3个月的费用为57.50英镑，6个月则为39.50英镑。',
    'contradicted',
    'number',
  ],
  [
    'two pairs kept, each key said after its value in the source and before it in the claim',
    SURNAMES,
    '单一姓氏转寄3个月的费用为39.50英镑，6个月则为57.50英镑。',
    'unverified',
    '',
  ],
  [
    'a value listed for another key, across languages ("分别")',
    REDIRECTION,
    'The 12-month plan costs 118 yuan.',
    'contradicted',
    'number',
  ],
  ['a value listed for another key ("respectively")', PLANS, 'The 12-month plan costs £60.', 'contradicted', 'number'],
  [
    'a value keyed in its own clause, given to the other key',
    GAS,
    '15公斤的钢瓶每瓶要380元。',
    'contradicted',
    'number',
  ],
  ['the value listed for the key itself', REDIRECTION, 'A 12-month redirection costs 198 yuan.', 'unverified', ''],
  ['the value listed for the key itself ("respectively")', PLANS, 'A year-long plan is £100.', 'unverified', ''],
  [
    'two keys compared: the other key named',
    PLANS,
    'The 12-month plan costs £40 more than the £60 6-month plan.',
    'unverified',
    '',
  ],
];

describe('ClaimSupportVerifier on values keyed by other values', () => {
  judgeEach(cases);
});
