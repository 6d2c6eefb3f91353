import { profileClaims, profileParagraph } from './claim-profile.js';
import { loneChangedValue } from './lone-value.js';
import { judgeEach, type ClaimCase } from '../../../test/support/claim-cases.js';

const LOST_PROPERTY =
  'Lost property found on Metrolink trams is held at Central Station for 30 days before being donated. Items can be collected on weekdays.';
const PRINTER = 'The main tray holds 250 sheets, and the optional lower tray adds 500 more.';
const SALON =
  'A full colour takes 2 hours and costs £95. Cancellations made less than 24 hours ahead are charged 50% of the service price.';
const SCHOOL_DAY = 'Lessons last 45 minutes. The lunch break runs from 12:00 to 13:30, and classes resume at 13:40.';
const FERRY = 'The ferry crossing takes 75 minutes.';

const cases: ClaimCase[] = [
  [
    'the one value of a reworded sentence, changed',
    LOST_PROPERTY,
    'Lost items are kept at Central Station for 60 days.',
    'contradicted',
    'number',
  ],
  [
    'the one value of a reworded sentence, kept',
    LOST_PROPERTY,
    'Lost items are kept at Central Station for 30 days.',
    'unverified',
    '',
  ],
  [
    'a sum of two of the source values is worked out, not changed',
    PRINTER,
    'With the lower tray fitted, the printer can hold 750 sheets.',
    'unverified',
    '',
  ],
  [
    'a value that is no sum of the source values is changed',
    PRINTER,
    'With the lower tray fitted, the printer can hold 950 sheets.',
    'contradicted',
    'number',
  ],
  [
    'a value taken a percentage the source gives is worked out',
    SALON,
    'Cancel a full colour at short notice and you will be charged £47.50.',
    'unverified',
    '',
  ],
  [
    'a length between two of the source times of day is worked out',
    SCHOOL_DAY,
    'Pupils get an hour and a half for their lunch break.',
    'unverified',
    '',
  ],
  ['"an hour and a quarter" is 75 minutes', FERRY, 'The ferry crossing takes an hour and a quarter.', 'verified', ''],
  [
    '"an hour and a half" is not 75 minutes',
    FERRY,
    'The ferry crossing takes an hour and a half.',
    'contradicted',
    'number',
  ],
];

describe('a changed value that is its sentence’s only one', () => {
  judgeEach(cases);
});

describe('loneChangedValue', () => {
  /** The claim's one value, judged against the source value written `theirs`. */
  const lone = (source: string, paragraph: string, theirs: string) => {
    const claim = profileParagraph(paragraph)[0]!;
    return loneChangedValue(claim.quantities[0]!, claim, profileClaims(source).quantities, theirs);
  };
  const EXTENSIONS =
    'A full set of extensions costs £60. Appointments cancelled with less than 24 hours’ notice are charged 50% of the price.';
  const LUNCH = 'Lunch runs from 12:15 to 13:45, and lessons last 50 minutes.';

  it('is a value the source values cannot make', () => {
    expect(lone(EXTENSIONS, 'A late cancellation of extensions costs £40.', '£60')).toBe(true);
    expect(lone(LUNCH, 'Lunch lasts two hours.', '50 minutes')).toBe(true);
  });
  it('is not a share of a source value by a percentage the source gives', () => {
    expect(lone(EXTENSIONS, 'A late cancellation of extensions costs £30.', '£60')).toBe(false);
  });
  it('is not the time between two of the source times of day', () => {
    expect(lone(LUNCH, 'Lunch lasts an hour and a half.', '50 minutes')).toBe(false);
  });
  it('is not one of several values, nor a bound set against a plain value', () => {
    expect(lone(EXTENSIONS, 'Extensions cost £40 and take 90 minutes.', '£60')).toBe(false);
    expect(lone(EXTENSIONS, 'A late cancellation of extensions costs up to £40.', '£60')).toBe(false);
  });
});
