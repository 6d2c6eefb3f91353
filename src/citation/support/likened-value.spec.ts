import { judgeEach, type ClaimCase } from '../../../test/support/claim-cases.js';

const CLINIC = '普通门诊初诊挂号费15元，普通门诊复诊挂号费10元。专家门诊挂号费50元。';
const TABLETS =
  'Adults take 2 tablets with each meal. Children aged 6 to 12 take 1 tablet with each meal. Do not give to children under 6.';
const FEES = '普通门诊挂号费初诊15元、复诊10元；专家门诊初诊50元、复诊30元。初诊患者需持身份证到自助机建档。';
const WARRANTY =
  'Voltera e-bikes carry a 5-year warranty on the frame and a 2-year warranty on the motor, display and wiring. Tyres and chains are not covered.';
const PLOTS = 'Rent for a full plot is £60 a year. Rent for a half plot is £35 a year.';

const cases: ClaimCase[] = [
  [
    "a value likened to another thing's (跟…一样)",
    CLINIC,
    '普通门诊复诊的挂号费跟初诊一样，都是15元。',
    'contradicted',
    'number',
  ],
  [
    'a value likened to another thing\'s ("the same as")',
    TABLETS,
    'Children aged 6 to 12 take 2 tablets with each meal, the same as adults.',
    'contradicted',
    'number',
  ],
  [
    'a value likened to another part of a short list (初诊15元、复诊10元)',
    FEES,
    '普通门诊复诊的挂号费跟初诊一样，都是15元。',
    'contradicted',
    'number',
  ],
  [
    'a value likened to another part of a list said in its own clause',
    WARRANTY,
    'Good news: the motor gets the same 5-year cover as the frame.',
    'contradicted',
    'number',
  ],
  [
    'a likeness the source makes too',
    PLOTS,
    'A half plot costs £35 a year, the same as the water charge.',
    'unverified',
    '',
  ],
  ['the likened value given to the thing itself', CLINIC, '普通门诊初诊挂号费和以前一样，还是15元。', 'unverified', ''],
  ['"一样" that likens nothing', CLINIC, '两样只占一样的，复诊挂号费10元。', 'unverified', ''],
];

describe("ClaimSupportVerifier on a value said to be the same as another thing's", () => {
  judgeEach(cases);
});
