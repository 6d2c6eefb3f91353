import { ClaimSupportVerifier } from './claim-verifier.js';
import { judgeEach, type ClaimCase } from '../../../test/support/claim-cases.js';

const RENT =
  'Tenants in Building A pay rent on the 1st of each month, with a grace period of five days; a late fee of $50 is ' +
  'charged from the 6th. Building B tenants pay on the 15th and have a three-day grace period, after which a $75 late ' +
  'fee applies.';
const SKI_PASS =
  'A six-day ski pass costs €312 for adults and €218 for children aged 6 to 15; children under 6 ski free with a ' +
  'paying adult.';
const COURIER =
  'SwiftBox Express guarantees next-day delivery and costs £9.90 up to 2 kg. Express includes tracking and £100 of ' +
  'cover, while Standard includes tracking only.';
const WINES =
  'Barolo and Barbaresco are both made from the Nebbiolo grape in Piedmont, Italy. Barolo must be aged for at least ' +
  '38 months, including 18 months in wood, while Barbaresco requires a minimum of 26 months, including 9 months in ' +
  'wood. Riserva versions must age for 62 months for Barolo and 50 months for Barbaresco.';
const CAMERAS =
  'Battery life is rated at 410 shots for the X5 and 350 shots for the X7. Both bodies are weather-sealed, but only ' +
  'the X7 has dual card slots.';
const LEAGUE =
  'In the Millbrook Sunday League, each team may name up to 5 substitutes. Rolling substitutions are allowed in the ' +
  'Veterans Division but not in the Open Division. Open Division matches last 90 minutes; Veterans matches last 70 ' +
  'minutes, played in two halves of 35.';
const STORAGE = 'Files larger than 5 GB can be uploaded only on Pro. Plus costs $5 a month and Pro $12.';
const TRAIL = "The Ridge Trail's upper section closes when wind speeds exceed 60 km/h.";
const DOGS = 'Cats are allowed in both buildings; dogs are permitted only in Building B and must weigh under 25 kg.';
const GARDEN =
  "Lavender 'Hidcote' grows to about 60 cm, needs full sun and well-drained soil, and should be pruned in late " +
  "August after flowering. Hydrangea 'Annabelle' reaches 1.5 m, prefers partial shade and moist soil, and is pruned " +
  'hard in early March.';
const CLINIC =
  'The flu clinic runs on Tuesdays from 9:00 to 12:00, and flu vaccinations are free for patients aged 65 and over; ' +
  'other adults pay €18. The travel clinic is by appointment only.';

const SIM_PLANS =
  'The Essential plan costs £8 a month and includes 10GB of data, unlimited UK calls and texts, and speeds capped at 10Mbps. The Max plan costs £15 a month for 100GB of data at full 5G speed, plus 5GB of EU roaming.';

const COURSES =
  'Lingua House offers two Spanish course formats. The Intensive course runs Monday to Friday, 09:00–13:00, for 20 hours per week, with a maximum of 8 students per class; it costs €280 per week. The Standard course meets Monday, Wednesday and Friday, 14:00–16:00, for 6 hours per week, with up to 12 students, at €110 per week.';

const ORBIT_UPDATE =
  'Version 14.2 of OrbitOS is rolling out to the Orbit 8 and Orbit 8 Pro from 12 March, and to the Orbit 7 series from 26 March. The update adds satellite messaging, but only on the Orbit 8 Pro. It also fixes a battery drain bug affecting the Orbit 7 when Bluetooth is left on.';

const RETURNS =
  'Most items can be returned within 30 days of delivery for a full refund. Sale items have a shorter 14-day window and are refunded as store credit only. Returns are free when you use the prepaid label in your order email; if you send items back with your own courier, postage is not refunded.';

const PRINTERS =
  'Two managed printers serve the office. The HP LaserJet M507 on floor 2 prints black-and-white only, at up to 45 pages per minute, and its IP address is 10.20.2.15. The Canon imageRUNNER C3226 on floor 4 prints in colour and can scan to email; its address is 10.20.4.22.';

const TERMS =
  'Under FOB, the seller pays all costs until the goods are loaded on board. Under CIF, the seller also pays freight ' +
  'and insurance to the destination port.';

const LANES =
  'Bumpers are available on request for children, and lanes 1 and 2 are fitted with ramps for wheelchair users.';
const VISAS =
  'Visitors can apply online for a Tourist Visa or a Business Visa. The Tourist Visa costs €60 and allows a stay of up ' +
  'to 30 days; the Business Visa costs €95 and allows up to 90 days within any 180-day period. Both visas are ' +
  'single-entry, and holders of either visa may not take paid employment.';

const cases: ClaimCase[] = [
  [
    "two things of the source given each other's places in two clauses",
    LANES,
    'Ramps are available for children on request, and lanes 1 and 2 are fitted with bumpers for wheelchair users.',
    'contradicted',
    'name',
  ],
  [
    'two things of the source each in its own place, reworded',
    LANES,
    'Children can ask for bumpers, and wheelchair users will find ramps on lanes 1 and 2.',
    'unverified',
    '',
  ],
  [
    'a comparison of two things says both in each of its clauses',
    VISAS,
    'Opting for the Business Visa instead of the Tourist Visa costs €35 more, but it triples the permitted stay from 30 ' +
      'to 90 days (within any 180-day period).',
    'unverified',
    '',
  ],
  [
    'what the source says under one name, given to the other, each named in a short clause before',
    TERMS,
    'Under FOB, the seller also covers the freight and insurance to the destination port.',
    'contradicted',
    'name',
  ],
  [
    'what the source says under one name, given to it, named in a short clause before',
    TERMS,
    'Under CIF, the seller also covers freight and insurance to the destination port.',
    'unverified',
    '',
  ],
  [
    'two bounds of one side traded between the things they limit',
    'An inspection score below 70 triggers a follow-up inspection within 10 business days, and a score below 50 leads to immediate closure.',
    'A score below 50 means a follow-up inspection within 10 business days, while anything under 70 results in immediate closure.',
    'contradicted',
    'number',
  ],
  [
    'two bounds of one side, each with the thing it limits',
    'An inspection score below 70 triggers a follow-up inspection within 10 business days, and a score below 50 leads to immediate closure.',
    'A score below 50 leads to immediate closure, and a score below 70 triggers a follow-up inspection.',
    'verified',
    '',
  ],
  [
    'a sentence in another language that shows its working',
    'Standard tickets cost $14 for adults. IMAX screenings cost an extra $5 per ticket.',
    '成人看IMAX场要19美元（14美元加5美元）。',
    'unverified',
    '',
  ],
  [
    'a sentence in another language with a changed price and no working',
    'Standard tickets cost $14 for adults. IMAX screenings cost an extra $5 per ticket.',
    '成人普通票要16美元。',
    'contradicted',
    'number',
  ],
  [
    'the case past a limit the source sets is no rival thing',
    'You can make up to three withdrawals per calendar year without penalty; further withdrawals in that year earn no interest for the month in which they are made.',
    'A fourth withdrawal in the same calendar year means no interest for that month.',
    'unverified',
    '',
  ],
  [
    'a thing the source sets beside another, given its rule',
    'Hot desk membership is €180 per month. Members may visit at any time for free; guest visits require a day pass (€25).',
    'Member visits require a €25 day pass.',
    'contradicted',
    'name',
  ],
  [
    'values keyed by other values, traded',
    'Delays of 20 minutes get 25% and delays of 40 minutes get 50%.',
    'Delays of 20 minutes get 50% and delays of 40 minutes get 25%.',
    'contradicted',
    'number',
  ],
  [
    'values keyed by other values, each with its own, in another order',
    'Delays of 20 minutes get 25% and delays of 40 minutes get 50%.',
    'A 40-minute delay gets you 50%, and a 20-minute one 25%.',
    'unverified',
    '',
  ],
  [
    'values keyed by ranges, traded across the languages',
    '晚点15至29分钟赔付票价的25%，30至59分钟赔付50%。',
    'A delay of 15 to 29 minutes earns 50% of the fare, while 30 to 59 minutes earns 25%.',
    'contradicted',
    'number',
  ],
  [
    'a list of days with one changed, across the languages',
    'PE kit must be brought on Tuesdays and Fridays.',
    '学生须在每周二和周四带体育服到校。',
    'contradicted',
    'date',
  ],
  [
    'a list of days, across the languages',
    'PE kit must be brought on Tuesdays and Fridays.',
    '学生须在每周二和周五带体育服到校。',
    'unverified',
    '',
  ],
  [
    'the days of a Chinese list that leaves out 周 after the first, and a number after a day that is no day',
    '动感单车课每周一、三、五晚上7点开课，普拉提课每周二、四上午10点开课。',
    'Pilates classes run on Tuesday and Thursday mornings at ten.',
    'unverified',
    '',
  ],
  [
    'two values traded between their things across the languages',
    'Average download speed is 500 Mbps and upload speed 75 Mbps at peak times (8pm–10pm).',
    '高峰时段平均下载速度为75 Mbps，上传速度为500 Mbps。',
    'contradicted',
    'number',
  ],
  [
    'two values given to their things across the languages',
    'Average download speed is 500 Mbps and upload speed 75 Mbps at peak times (8pm–10pm).',
    '高峰时段平均下载速度为500 Mbps，上传速度为75 Mbps。',
    'unverified',
    '',
  ],
  [
    'two prices traded between the cards a bracketed list names',
    '会员卡分为月卡（298元）、季卡（798元）和年卡（2588元）。',
    'A quarterly card costs 2,588 yuan, while an annual card is 798 yuan.',
    'contradicted',
    'number',
  ],
  [
    'two speed limits traded between day and night across languages',
    '夜间23:00至次日6:00车辆限速降至15公里/小时，白天限速25公里/小时。骑行者须年满18周岁。',
    'The daytime speed limit is 15 km/h, rising to 25 km/h overnight.',
    'contradicted',
    'number',
  ],
  [
    'two speed limits given to day and night across languages',
    '夜间23:00至次日6:00车辆限速降至15公里/小时，白天限速25公里/小时。骑行者须年满18周岁。',
    'The daytime speed limit is 25 km/h, dropping to 15 km/h overnight.',
    'unverified',
    '',
  ],
  [
    'two prices given to the cards a bracketed list names',
    '会员卡分为月卡（298元）、季卡（798元）和年卡（2588元）。',
    'An annual card costs 2,588 yuan, and a quarterly one 798 yuan.',
    'unverified',
    '',
  ],
  [
    'a name the clause gives tells apart two clauses its other words bind alike',
    RENT,
    "Building B's late fee is $50, charged once the three-day grace period after the 15th has passed.",
    'contradicted',
    'number',
  ],
  ['the late fee given to its own building', RENT, 'In Building A the late fee is $50.', 'unverified', ''],
  [
    '"a child" and "children" are one word',
    SKI_PASS,
    'A six-day pass for a child costs €312.',
    'contradicted',
    'number',
  ],
  ["the child's price said right", SKI_PASS, 'A six-day pass for a child costs €218.', 'unverified', ''],
  [
    'a value given to the thing the sentence sets beside its own, which it gives none',
    COURIER,
    'Standard comes with tracking plus £100 of cover, so smaller parcels are protected.',
    'contradicted',
    'name',
  ],
  ['the cover given to its own service', COURIER, 'Express comes with tracking plus £100 of cover.', 'unverified', ''],
  [
    "another clause of the sentence, that names the claim's thing first, is what its value is compared with",
    WINES,
    'Barbaresco needs at least 38 months of ageing before it can be released, 9 of them in wood.',
    'contradicted',
    'number',
  ],
  [
    'the ageing said right',
    WINES,
    'Barbaresco needs at least 26 months of ageing before it can be released, 9 of them in wood.',
    'unverified',
    '',
  ],
  [
    'a swapped value in a sentence that rests on the source only once its values count as held',
    CAMERAS,
    'The X7 is rated for about 410 shots per charge, so it should get you through a full day of shooting.',
    'contradicted',
    'number',
  ],
  [
    'both values said, each of its own camera',
    CAMERAS,
    'The X5 manages about 410 shots per charge, so it should outlast the X7 and its 350 shots over a full day.',
    'unverified',
    '',
  ],
  [
    "a first clause that rests on the source by itself, though the sentence's consequence does not",
    CAMERAS,
    "Neither body is weather-sealed, so you'll want a rain cover for outdoor shoots.",
    'contradicted',
    'negation',
  ],
  [
    'the first clause said right, with a consequence the source does not speak of',
    CAMERAS,
    "Both bodies are weather-sealed, so you won't need a rain cover for outdoor shoots.",
    'unverified',
    '',
  ],
  [
    'a first clause that says the source and a later clause the source does not speak of',
    CLINIC,
    "Flu jabs cost nothing once you're 65, and the pharmacy next door offers them too.",
    'unverified',
    '',
  ],
  [
    'a word written as a name only by its capital is the word that opens a sentence',
    LEAGUE,
    'Veterans games run for 90 minutes, and rolling substitutions are allowed in that division.',
    'contradicted',
    'number',
  ],
  [
    "the Veterans' length said right",
    LEAGUE,
    'Veterans games run for 70 minutes, and rolling substitutions are allowed in that division.',
    'unverified',
    '',
  ],
  [
    'a property the source keeps for one named thing only, said of another it names',
    STORAGE,
    'Plus lets you upload files bigger than 5 GB.',
    'contradicted',
    'name',
  ],
  [
    'the property said of the thing it is kept for',
    STORAGE,
    'Pro lets you upload files bigger than 5 GB.',
    'unverified',
    '',
  ],
  [
    "a verb of moving to a side is the bound's own word",
    TRAIL,
    'The upper section closes when wind speeds drop below 60 km/h.',
    'contradicted',
    'negation',
  ],
  [
    'the side said right, with a verb of moving',
    TRAIL,
    'The upper section closes when wind speeds rise above 60 km/h.',
    'unverified',
    '',
  ],
  [
    "a condition's opening word is no thing the claim says of the bounded value",
    DOGS,
    'Dogs are allowed there provided they weigh more than 25 kg.',
    'contradicted',
    'negation',
  ],
  [
    'the weight said right, as a condition',
    DOGS,
    'Dogs are allowed there provided they weigh less than 25 kg.',
    'unverified',
    '',
  ],
  [
    "one plant's need given to the other, in words that reword the rest",
    GARDEN,
    "The hydrangea does best in full sun, and you'll want to prune it hard in early March.",
    'contradicted',
    'name',
  ],
  [
    "the hydrangea's own need, reworded",
    GARDEN,
    "The hydrangea does best in partial shade, and you'll want to prune it hard in early March.",
    'unverified',
    '',
  ],
  [
    "a name the claim's sentence gives with its numbers, in another clause of their source sentence",
    SIM_PLANS,
    'The Essential plan costs £8 a month and gives you 10GB of data plus unlimited UK calls and texts.',
    'unverified',
    '',
  ],
  [
    "one plan's roaming given to the other",
    SIM_PLANS,
    'The Essential plan gives you 5GB of EU roaming.',
    'contradicted',
    'name',
  ],
  [
    'a value the source gives one thing in a sentence of its own, given to the thing of another sentence',
    COURSES,
    'The Standard course keeps classes small, with at most 8 students.',
    'contradicted',
    'number',
  ],
  [
    "the value the sentence of the claim's thing gives",
    COURSES,
    'The Standard course keeps classes small, with at most 12 students.',
    'unverified',
    '',
  ],
  [
    'two numbered names of one family in a sentence name two things, and give neither a version',
    ORBIT_UPDATE,
    'Version 14.2 brings satellite messaging to the Orbit 8 Pro and fixes the Bluetooth-related battery drain on the Orbit 7.',
    'unverified',
    '',
  ],
  [
    'a numbered name the source does not give',
    ORBIT_UPDATE,
    'Version 14.2 reaches the Orbit 9 from 12 March.',
    'contradicted',
    'number',
  ],
  [
    'a clause another source sentence says does not cross the two sides of a sentence it shares words with',
    RETURNS,
    "You've got 30 days from delivery to return most things for a full refund, and sending them back is free if you use the prepaid label from your order email.",
    'unverified',
    '',
  ],
  [
    "one thing's floor given to the other, in a sentence whose names are all the other thing's",
    PRINTERS,
    "If you need colour, head down to floor 2 — that's where the Canon imageRUNNER C3226 lives.",
    'contradicted',
    'number',
  ],
  [
    "the thing's own floor",
    PRINTERS,
    "If you need colour, head up to floor 4 — that's where the Canon imageRUNNER C3226 lives.",
    'unverified',
    '',
  ],
  [
    'an instruction opens with its verb, not with a thing it speaks of',
    'Plant spring-flowering bulbs in autumn. Set tulip bulbs 15 cm deep and 10 cm apart, and daffodil bulbs 12 cm deep and 8 cm apart, pointed end up.',
    'Plant daffodil bulbs 12 cm deep and 8 cm apart, pointed end up.',
    'unverified',
    '',
  ],
  [
    'a Chinese name said in full names the thing the source names short',
    '南临古城墙始建于1369年，全长约33.7公里。1988年，城墙被列为全国重点文物保护单位。',
    '1988年，南临古城墙被列为全国重点文物保护单位。',
    'unverified',
    '',
  ],
  [
    'one thing given the object another clause of the source gives another thing',
    'Windows laptops use the gateway vpn1.corp.example.com, while macOS devices use vpn2.corp.example.com.',
    'Windows laptops should use vpn2.corp.example.com.',
    'contradicted',
    'name',
  ],
  [
    'one thing given its own object',
    'Windows laptops use the gateway vpn1.corp.example.com, while macOS devices use vpn2.corp.example.com.',
    'Windows laptops should use the gateway vpn1.corp.example.com.',
    'verified',
    '',
  ],
  [
    'one thing given what the clause beside it requires of another, in Chinese',
    '商务签证须提供当地企业的邀请函，旅游签证须提供往返机票预订单和酒店订单。',
    '办理旅游签证需要提供当地企业出具的邀请函。',
    'contradicted',
    'name',
  ],
  [
    'one thing given the place the clause beside it gives another, the Chinese verb closing around its object',
    '东区人员到北侧停车场集合，西区人员到南门广场集合。',
    '西区的同事撤离后请到北侧停车场集合。',
    'contradicted',
    'name',
  ],
  [
    'one thing given its own place, the Chinese verb closing around its object',
    '东区人员到北侧停车场集合，西区人员到南门广场集合。',
    '西区的同事撤离后请到南门广场集合。',
    'unverified',
    '',
  ],
  [
    'a capital written onto a Chinese word names which one: B区 is not A区',
    'A区观众从东门入场，B区观众从南门入场。',
    'B区的观众请从东门入场。',
    'contradicted',
    'name',
  ],
  [
    'a capital written onto a Chinese word, with its own gate',
    'A区观众从东门入场，B区观众从南门入场。',
    'B区的观众请从南门入场。',
    'unverified',
    '',
  ],
  [
    'one thing exempted from what the clause beside it requires of another, in Chinese',
    '商务签证须提供当地企业的邀请函，旅游签证须提供往返机票预订单和酒店订单。',
    '旅游签证免交当地企业的邀请函。',
    'unverified',
    '',
  ],
  [
    'one thing given what the clause beside it denies of another',
    'Ibuprofen should be taken with food because it can irritate the stomach, whereas paracetamol can be taken on an empty stomach.',
    'Paracetamol can be taken without food, while ibuprofen should be taken with it.',
    'unverified',
    '',
  ],
];

describe('ClaimSupportVerifier binding a claim to the thing it speaks of', () => {
  judgeEach(cases);
});

describe('the name a claim is set against', () => {
  const wires =
    'Harbour Credit Union charges $20 for each outgoing international wire transfer. Members with a Gold Savings ' +
    'account pay a reduced $5 fee on outgoing wires, while Basic Savings members pay the standard fees.';

  it('is not a capitalised word the claim says itself ("Members" of "a Basic Savings member")', () => {
    const support = new ClaimSupportVerifier().check(
      'A Basic Savings member pays a reduced $5 fee on outgoing wires.',
      [{ citationId: 'E1', text: wires }],
    );
    expect(support.verdict).toBe('contradicted');
    expect(support.citations[0]!.evidence?.conflict).toMatchObject({ kind: 'name', source: 'gold savings' });
  });
});

describe('the source value a closing time is set against', () => {
  it('is the end of the hours ("closes at 20:00" against "from 07:30 to 21:00")', () => {
    const support = new ClaimSupportVerifier().check('The library closes at 20:00 Monday to Friday.', [
      { citationId: 'E1', text: 'The library is open Monday to Friday from 07:30 to 21:00.' },
    ]);
    expect(support.citations[0]!.evidence?.conflict).toMatchObject({ kind: 'number', claim: '20:00', source: '21:00' });
  });
});
