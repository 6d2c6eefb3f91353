import { judgeEach, type ClaimCase } from '../../../test/support/claim-cases.js';

const LAMPS =
  'The Lumen 2 weighs 1.2 kg and runs for 10 hours. The Lumen 3 weighs 1.5 kg and runs for 14 hours. Both charge in 3 hours.';
const ROUTES = 'Route A takes 40 minutes. Route B takes 25 minutes but costs more.';
const PLANS = 'Plan A includes 10 users. Plan B includes 50 users. Both plans include phone support.';
const FARES =
  'An off-peak return costs £9.40 and an anytime return £13.20. Children aged 5 to 15 pay half the adult fare.';
const PHONES =
  'The Nova costs £299, weighs 180 g, has a 6.1-inch screen and a 4,000 mAh battery. The Nova Max costs £399, weighs 220 g, has a 6.7-inch screen and a 5,000 mAh battery.';
const FERRY = 'The Bay Line runs only from April to October, leaving at 09:15 and 16:15. Members may bring a bicycle.';
const PASSES = 'A day pass costs €12. A week pass costs €45 and a month pass €150.';

const SYRUP = 'Adults may take the syrup as 250 mg to 500 mg every 8 to 12 hours, up to a maximum of 1 g in 24 hours.';

const BRIOCHE =
  'Our loaf recipe: mix 500 g bread flour, 350 ml warm water, 8 g instant yeast and 10 g salt, then bake for 40 ' +
  'minutes. The brioche uses the same 500 g of flour but 300 ml of milk and only 3 g of yeast. Brioche dough rests ' +
  'overnight in the fridge, then is baked at 190 °C for 25 minutes.';

const cases: ClaimCase[] = [
  [
    'a value bound by the word it measures ("8 g of yeast"), not by the subject a clause of another amount shares',
    BRIOCHE,
    'The brioche dough takes 8 g of yeast.',
    'contradicted',
    'number',
  ],
  [
    'the value the source gives the thing and its measure',
    BRIOCHE,
    'The brioche dough needs just 3 g of yeast.',
    'unverified',
    '',
  ],
  [
    'a fragment that only names the bound ("…, up to a maximum of 1 g in 24 hours") goes on with its clause',
    SYRUP,
    'Adults can take up to 1,000 mg of the syrup in a 24-hour period.',
    'unverified',
    '',
  ],
  ['a bound changed', SYRUP, 'Adults can take up to 2 g of the syrup in 24 hours.', 'contradicted', 'number'],
  [
    "a numbered name binds the claim to its own sentence: the Lumen 2's hours given to the Lumen 3",
    LAMPS,
    'The Lumen 3 runs for 10 hours.',
    'contradicted',
    'number',
  ],
  ["the Lumen 3's own hours", LAMPS, 'The Lumen 3 runs for 14 hours.', 'verified', ''],
  [
    "a letter ending a name tells the routes apart: route A's time given to route B",
    ROUTES,
    'Route B takes 40 minutes.',
    'contradicted',
    'number',
  ],
  ["plan A's users given to plan B", PLANS, 'Plan B includes 10 users.', 'contradicted', 'number'],
  ['a letter name said right', PLANS, 'Plan B includes 50 users.', 'verified', ''],
  [
    'a share the source gives in words: half the adult fare',
    FARES,
    'A child pays £4.70 for an off-peak return.',
    'unverified',
    '',
  ],
  [
    'a sentence summing up several values, one of them the source gives another thing, is not bound on its own',
    PHONES,
    'The Nova Max costs £399, weighs 220 g and has a 6.7-inch screen, against £299, 180 g and 6.1 inches for the Nova.',
    'unverified',
    '',
  ],
  ['"from May" is the month', FERRY, 'The Bay Line only operates from May to October.', 'contradicted', 'date'],
  ['"may" is still the verb', FERRY, 'Members may bring their bicycles.', 'verified', ''],
  ['"a day pass" names a pass, not a length of time', PASSES, 'A day pass costs €45.', 'contradicted', 'number'],
  ['"a week pass" said right', PASSES, 'A week pass costs €45.', 'verified', ''],
];

describe('ClaimSupportVerifier on values and the things they belong to', () => {
  judgeEach(cases);
});
