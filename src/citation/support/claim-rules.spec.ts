import { judgeEach, type ClaimCase } from '../../../test/support/claim-cases.js';
import { profileClaims } from './claim-profile.js';
import { modalsOf } from './modal-words.js';

/** The forces, and the acts of auxiliaries, of a one-clause text's rule phrases, in order. */
const forces = (text: string) =>
  profileClaims(text)
    .clauses.flatMap(({ clause }) => modalsOf(clause))
    .map((modal) => (modal.act === undefined ? modal.modality : `${modal.modality} ${modal.act}`));

describe('the rule phrases of a clause', () => {
  it.each([
    ['Lithium batteries over 100 Wh are not permitted in checked baggage', ['forbid']],
    ['No referral letter is needed', ['exempt']],
    ['Lab coats are optional', ['exempt']],
    ["You don't need to book", ['exempt book']],
    ['Visitors must not touch the exhibits', ['forbid touch']],
    ['Never add water to concentrated acid', ['forbid add']],
    ['Avoid alcohol', ['forbid']],
    ['Make sure you bring a referral letter', ['require bring']],
    ['Safety goggles are required', ['require']],
    ["You're welcome to take pictures", ['permit take']],
    ['Spare batteries can go in your suitcase', ['permit go']],
    ['Photography of any kind is prohibited', ['forbid']],
    ['请勿使用非原厂充电器', ['forbid']],
    ['Pets must not be allowed in the cabin', ['forbid']],
    ['You may not need to book', ['exempt book']],
    ['but do not feed the animals', ['forbid feed']],
    ['只要有票就可以进入景区', ['permit']],
  ])('reads "%s" as %j', (text, expected) => {
    expect(forces(text)).toEqual(expected);
  });

  it.each([
    [
      'a restriction, which allows one thing and forbids the rest',
      'The camera VLAN can only reach the recording server',
    ],
    ['a restriction before its modal word', 'Only members can book the courts'],
    ['an exception', 'Everyone except staff may park here'],
    ['a denial besides the rule’s own', 'Visitors may take photos of anything not marked with a red dot'],
    ['a rule for nobody', 'Nobody may enter the vault'],
    ['a rule no longer in force', 'A visa is no longer required'],
    ['the month', 'The show opens on 1 May'],
    ['a Chinese restriction', '充电只能用原厂充电器'],
    ['a Chinese restriction said with 只有', '只有特种车辆能进小区'],
  ])('reads no force in %s', (_name, text) => {
    expect(forces(text)).toEqual([]);
  });

  it('reads a rule on passing a bound as one', () => {
    const [modal] = profileClaims('Carry-on bags must not exceed 7 kg').clauses.flatMap(({ clause }) =>
      modalsOf(clause),
    );
    expect(modal).toMatchObject({ modality: 'forbid', bound: true });
    const [imperative] = profileClaims('Do not take more than 6 tablets').clauses.flatMap(({ clause }) =>
      modalsOf(clause),
    );
    expect(imperative).toMatchObject({ modality: 'forbid', bound: true, act: 'take' });
  });
});

const BATTERIES =
  'Power banks up to 100 Wh may be carried in the cabin. Lithium batteries over 100 Wh are not permitted in ' +
  'checked baggage.';
const CLINIC = 'Appointments start at 7:30 am, and no referral letter is needed. Bring photo ID to every visit.';
const GALLERY =
  'Photography is allowed in the permanent galleries, but no photography of any kind is permitted in the temporary ' +
  'exhibitions.';
const LAB = 'Lab coats are optional in the teaching lab.';
const PETS = '残疾人凭证可以免费进入景区，但不得带宠物入园。';
const TOURS = 'Visitors may book a guided tour at the front desk.';

const cases: ClaimCase[] = [
  [
    'what the source forbids, said as allowed in other words',
    BATTERIES,
    'Spare lithium batteries above 100 Wh can go in your checked suitcase.',
    'contradicted',
    'negation',
  ],
  [
    'the same rule with the same force',
    BATTERIES,
    'You cannot check in lithium batteries over 100 Wh.',
    'unverified',
    '',
  ],
  [
    'what the source excuses, said as a must',
    CLINIC,
    'Make sure you bring a referral letter, or the clinic will turn you away.',
    'contradicted',
    'negation',
  ],
  ['an excuse said as an excuse', CLINIC, "You don't need a referral letter for an appointment.", 'unverified', ''],
  [
    '"no … of any kind is permitted" forbids what "welcome to" allows',
    GALLERY,
    "You're welcome to take pictures in the temporary exhibitions.",
    'contradicted',
    'negation',
  ],
  [
    'a permission the source gives in the other clause of the sentence',
    GALLERY,
    'You can take photos in the permanent galleries.',
    'unverified',
    '',
  ],
  [
    'what is optional, said as a must',
    LAB,
    'You have to wear a lab coat in the teaching lab.',
    'contradicted',
    'negation',
  ],
  ['a Chinese rule said with the opposite force', PETS, '残疾人可以带宠物进入景区。', 'contradicted', 'negation'],
  [
    'a permission said as a permission verifies',
    TOURS,
    'Visitors can book a guided tour at the front desk.',
    'verified',
    '',
  ],
  [
    'a permission said as a must, in the source’s words, does not verify',
    TOURS,
    'Visitors must book a guided tour at the front desk.',
    'unverified',
    '',
  ],
  [
    '"is not accepted" forbids, against a permission on an act the source does not name',
    'Cheques are not accepted for deposits. Pay the deposit by card or bank transfer.',
    'You can pay the deposit by cheque at the office.',
    'contradicted',
    'negation',
  ],
  [
    'the same rule, with the means the source allows',
    'Cheques are not accepted for deposits. Pay the deposit by card or bank transfer.',
    'You can pay the deposit by card at the office.',
    'unverified',
    '',
  ],
  [
    '无法 rules an act out, as 不能 does',
    '电池完全耗尽时，可用Type-C接口连接充电宝临时供电开锁。',
    '电池完全没电以后，Type-C接口无法用来临时供电，只能用机械钥匙开门。',
    'contradicted',
    'negation',
  ],
];

describe('the support check on rules said through modal words', () => {
  judgeEach(cases);
});
