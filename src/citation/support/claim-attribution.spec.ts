import { judgeEach, type ClaimCase } from '../../../test/support/claim-cases.js';
import { ClaimSupportVerifier } from './claim-verifier.js';

const PORTS =
  'Printers are on port 9100, the web console on port 8443 and the metrics endpoint on port 9090. Only the console needs a client certificate.';
const ADMISSION =
  'A day ticket costs £18 for adults and £9 for children under 16. Family tickets are sold at the gate.';
const RESTS =
  'Pilots must rest at least 10 hours between duties and cabin crew at least 12 hours. Rest starts when the aircraft is parked.';
const LAMPS = 'The desk lamp draws 9 W and the floor lamp draws 24 W. Both take E27 bulbs.';
const SHIFTS = 'The first shuttle leaves the depot at 6:15 and again at 7:45 on weekdays. The ride takes 20 minutes.';
const AGES = 'Members aged between 18 and 25 pay the student rate. Everyone else pays the full rate.';
const BUSES =
  'Line 7 runs every 12 minutes on weekdays. On Sundays buses run every 30 minutes from 9:00. The first bus on weekdays leaves at 5:40.';
const LEAVE = 'Staff get 25 days of annual leave and managers 28 days. Leave must be booked two weeks ahead.';
const TICKETS = 'A single ticket costs €2.80 and a day ticket €7.50; children under 12 travel for half the adult fare.';
const DISPATCH = 'Orders placed before 6 pm Monday to Thursday, or before 1 pm on Friday, ship the same day.';
const CABINETS = 'The Alto is 180 cm tall and 45 cm deep; the Basso is 180 cm tall and 60 cm deep.';
const LOCKERS = 'A small locker holds up to 5 kg and a large locker holds up to 25 kg. Lockers are emptied nightly.';
const FLATBREAD =
  'Our flatbread: mix 300 g flour, 200 ml water and 5 g salt, let the dough rise for 3 hours, then press it into a ' +
  'floured pan and bake at 250 °C for 12 minutes.';

const GARAGE =
  'The garage charges £40 for a basic check and £90 for a full inspection, which includes a brake test. Most cars are ready the same day.';
const PLANS =
  'The gym offers two monthly plans: Lite at $15, which covers off-peak hours, and Prime at $45, which adds classes and the pool.';

const HUT = 'Club members pay €18 a night in the dormitory and non-members €32. Blankets are provided.';

const MOT = 'The maximum fee is £54.85 for a car and £29.65 for a standard motorcycle. Tests take about 45 minutes.';

const cases: ClaimCase[] = [
  [
    "a bound said of a list's first value, its thing named after the value, given to the second",
    MOT,
    'For a standard motorcycle, garages can charge £54.85.',
    'contradicted',
    'number',
  ],
  [
    "a bound said of a list's first value, given to its own thing",
    MOT,
    'For a car, garages can charge £54.85.',
    'unverified',
    '',
  ],
  [
    "members given the non-members' value",
    HUT,
    'Club members pay €32 a night for a dormitory bed.',
    'contradicted',
    'number',
  ],
  ['members given their own value', HUT, 'Club members pay €18 a night for a dormitory bed.', 'unverified', ''],
  [
    'both values of a list traded in a comparison',
    GARAGE,
    'A full inspection costs £40, compared with £90 for a basic check.',
    'contradicted',
    'number',
  ],
  [
    'both values of a list, each with its own thing, in a comparison',
    GARAGE,
    'A basic check costs £40, compared with £90 for a full inspection.',
    'unverified',
    '',
  ],
  [
    'both values of a list traded, one said as a monthly price',
    PLANS,
    'The Lite plan is $45 a month, and Prime costs $15.',
    'contradicted',
    'number',
  ],
  [
    'both values of a list, each with its own thing',
    PLANS,
    'The Lite plan is $15 a month, and Prime costs $45.',
    'unverified',
    '',
  ],
  [
    'the value of the clause that holds most of the claim, though a joint in that clause cut its first words off',
    FLATBREAD,
    'Once it has risen, the flatbread dough gets pressed into a floured pan and spends 12 minutes in a 250-degree oven.',
    'unverified',
    '',
  ],
  [
    'the baking time given to the rise',
    FLATBREAD,
    'The flatbread dough rises for 12 minutes.',
    'contradicted',
    'number',
  ],
  ["the console's port given to the printers", PORTS, 'Printers listen on port 8443.', 'contradicted', 'number'],
  ['each port with its own thing', PORTS, 'The metrics endpoint can be scraped on port 9090.', 'unverified', ''],
  ["the children's price given to adults", ADMISSION, 'Adults pay £9 for a day ticket.', 'contradicted', 'number'],
  [
    'the two rests swapped, the second part leaving its verb unsaid',
    RESTS,
    'Cabin crew need 10 hours of rest between duties, pilots 12.',
    'contradicted',
    'number',
  ],
  ["the managers' days given to staff", LEAVE, 'Staff receive 28 days of annual leave.', 'contradicted', 'number'],
  [
    'a difference worked out from both',
    LEAVE,
    'Staff receive 25 days of annual leave, managers three more.',
    'unverified',
    '',
  ],
  ['a rest given to its own crew', RESTS, 'Cabin crew rest for at least 12 hours.', 'unverified', ''],
  ["the floor lamp's power given to the desk lamp", LAMPS, 'The desk lamp uses 24 W.', 'contradicted', 'number'],
  [
    "the single ticket's price given to the day ticket, the second part leaving its verb unsaid",
    TICKETS,
    'A day ticket costs €2.80.',
    'contradicted',
    'number',
  ],
  ['each ticket with its own price', TICKETS, 'A single ticket is €2.80 and a day ticket €7.50.', 'unverified', ''],
  [
    'the weekday hour given to Friday, a day naming its part',
    DISPATCH,
    'On a Friday, order before 6 pm to have it shipped the same day.',
    'contradicted',
    'number',
  ],
  ["Friday's own hour", DISPATCH, 'On a Friday, order before 1 pm to have it shipped the same day.', 'unverified', ''],
  [
    'a value the claim compares with, not gives',
    CABINETS,
    'Both are 180 cm tall, but the Basso is deeper at 60 cm against 45 cm.',
    'unverified',
    '',
  ],
  [
    'both values set side by side by the claim',
    LAMPS,
    'At 9 W against 24 W, the desk lamp uses far less than the floor lamp.',
    'unverified',
    '',
  ],
  ['a comparison of the two', ADMISSION, 'An adult ticket costs twice what a child pays, £18.', 'unverified', ''],
  ['two times of one thing, not a list', SHIFTS, 'On weekdays the first shuttle leaves at 7:45.', 'unverified', ''],
  ['the ends of a range are not a list', AGES, 'Members aged 25 pay the student rate.', 'verified', ''],
  [
    "Sunday's day and hour bind the claim to Sunday's interval",
    BUSES,
    'On Sundays a bus comes every 12 minutes from 9:00.',
    'contradicted',
    'number',
  ],
  ["Sunday's interval said right", BUSES, 'On Sundays a bus comes every 30 minutes from 9:00.', 'unverified', ''],
  [
    '"as much as" is a bound, held against the small locker\'s',
    LOCKERS,
    'A small locker takes as much as 25 kg.',
    'contradicted',
    'number',
  ],
  ['"as much as" said of the right locker', LOCKERS, 'A large locker takes as much as 25 kg.', 'unverified', ''],
  [
    'a short part of a list stands its word for the words right before the value',
    'Reported side effects include a headache in about 30% of patients and nausea in about 12%, mostly in the first week.',
    'About 12% of patients get a headache, and around 30% feel nauseous.',
    'contradicted',
    'number',
  ],
  [
    'a bound and an approximate value said of one thing are no list: "up to" in general, "about" in one case',
    'The scooter has a range of up to 60 km, and about 45 km in cold weather.',
    'In winter the scooter only gets about 45 km.',
    'unverified',
    '',
  ],
  [
    'the verb a short part leaves unsaid names neither part',
    'A return ticket to Oxford costs £28.50 and a single £19.',
    'A one-way ticket to Oxford costs £19, while a return costs £28.50.',
    'unverified',
    '',
  ],
];

describe('ClaimSupportVerifier on values listed side by side', () => {
  judgeEach(cases);

  it('names the value the source gives and the sentence that gives it', () => {
    const support = new ClaimSupportVerifier().check('Printers listen on port 8443.', [
      { citationId: 'E1', text: PORTS },
    ]);
    const evidence = support.citations[0]!.evidence!;
    expect(evidence.conflict).toEqual({ kind: 'number', claim: '8443', source: '9100' });
    expect(PORTS.slice(evidence.spans[0]!.start, evidence.spans[0]!.end)).toMatch(/^Printers are on port 9100/);
  });
});
