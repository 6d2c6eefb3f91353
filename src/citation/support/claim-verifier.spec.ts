import { judgeEach, type ClaimCase } from '../../../test/support/claim-cases.js';
import { ClaimSupportVerifier } from './claim-verifier.js';

const TRAVEL_POLICIES =
  'The Silver travel policy covers emergency medical costs up to £2 million and cancellation up to £3,000 per person, with a £150 excess per claim. The Gold policy raises these limits to £10 million and £7,500 and reduces the excess to £50.';
const verifier = new ClaimSupportVerifier();
const verdictOf = (source: string, paragraph: string) =>
  verifier.check(paragraph, [{ citationId: 'E1', text: source }]);

const TIMETABLE = 'The ferry leaves at 9:00, while the tram leaves at 10:00. Both stop at Harbor Station.';
const HASHES = 'SHA-1 is considered broken because practical collisions were found. SHA-256 remains secure.';
const SETTING = 'After changing the setting, no restart is needed.';
const PLANS = 'Free users get 100 requests per minute; paid users get 1000.';
const PARKING = 'Guests may only park in the marked bays behind the hotel.';
const RECEIPTS = 'Receipts must be kept and submitted within 30 days, or the expense claim will be rejected.';
const LIFT = 'The lift has a load limit of 630 kg and holds up to eight people.';
const HELMETS = 'Riders under 18 pay a helmet fee of €4 per day, capped at €20 per hire.';
const CALCIUM = 'Take one calcium carbonate 500 mg tablet twice a day, ideally an hour after a meal.';
const HARBOUR =
  'Northport Council ran the harbour from 1850. The Baltic Company took over the harbour in 1901 and opened the new quay on 2 June 1910. The Baltic Company handed control of the harbour to the Harbour Trust on 31 March 1980.';
const DELIVERY = 'Delivery fees are not refunded if you cancel an order.';
const CABIN = 'The cabin does not need a space heater down to minus 10 degrees.';
const BOOKING = 'No fee is charged for changing a booking.';
const PHOTOS = "Members' photos are deleted after 90 days, unless the member has pinned them.";
const LEAVE = 'Unused leave expires when the calendar year ends.';
const LINE = 'The Lakeside tram line opened on 14 March 2019 and runs 12.5 kilometres from Harbor Station to Elm Park.';

const QUOTAS =
  'A process that goes over its disk quota is suspended and its owner is emailed; one that goes over its network quota is only slowed down.';
const GYM_FEES =
  'Members who pay yearly get two free guest passes and a towel service; members who pay monthly get access to the sauna and the steam room.';
const PAINKILLERS =
  'Ibuprofen should be taken with food to protect the stomach; paracetamol can be taken on an empty stomach.';

const cases: ClaimCase[] = [
  ['a sentence copied from the source', TIMETABLE, 'The tram leaves at 10:00.', 'verified', ''],
  ["the ferry's time given to the tram", TIMETABLE, 'The tram leaves at 9:00.', 'contradicted', 'number'],
  [
    'a bare time given to the other vehicle',
    'The ferry leaves at 9 and the tram at 10.',
    'The tram leaves at 9.',
    'contradicted',
    'number',
  ],
  [
    "SHA-1's weakness given to SHA-256",
    HASHES,
    'SHA-256 is considered broken because practical collisions were found.',
    'contradicted',
    'name',
  ],
  [
    'a denial removed, not next to its verb',
    SETTING,
    'A restart is needed after changing the setting.',
    'contradicted',
    'negation',
  ],
  ['a denial kept in other words', SETTING, 'After the setting is changed, a restart is not needed.', 'verified', ''],
  [
    'an antonym',
    'The policy forbids sharing passwords with colleagues.',
    'The policy allows sharing passwords with colleagues.',
    'contradicted',
    'negation',
  ],
  [
    'hours said as days',
    'The job runs for five hours every night.',
    'The job runs for five days every night.',
    'contradicted',
    'unit',
  ],
  [
    'one part of an address changed',
    'The gateway is at 10.0.3.7 and serves the office.',
    'The gateway is at 10.0.4.7 and serves the office.',
    'contradicted',
    'number',
  ],
  [
    "the free plan's limit given to the paid plan",
    PLANS,
    'Paid users get 100 requests per minute.',
    'contradicted',
    'number',
  ],
  [
    'weekly said as daily',
    'Backups are taken weekly and kept for 30 days.',
    'Backups are taken daily and kept for 30 days.',
    'contradicted',
    'unit',
  ],
  [
    'Chinese: the ferry time given to the tram',
    '渡轮每天上午9点出发，电车10点出发。',
    '电车9点出发。',
    'contradicted',
    'number',
  ],
  [
    'Chinese: a denial removed',
    '系统修改配置后无需重启即可生效。',
    '修改配置后需要重启系统才能生效。',
    'contradicted',
    'negation',
  ],
  [
    'another language whose length disagrees',
    LINE,
    '莱克赛德电车线于2019年3月14日开通，全长15公里。',
    'contradicted',
    'number',
  ],
  ['another language that agrees', LINE, '莱克赛德电车线于2019年3月14日开通，全长12.5公里。', 'unverified', ''],
  ['a shorter date of the same day', LINE, 'The line opened in March 2019.', 'verified', ''],
  [
    'a rewording sharing few words',
    LINE,
    'Opened in spring 2019, the Lakeside route covers roughly twelve and a half km.',
    'unverified',
    '',
  ],
  ['"a pair" said as "two"', 'Each socket comes in a pair.', 'There are two sockets.', 'verified', ''],
  [
    'a number written in words and digits',
    'The warranty lasts two years.',
    'The warranty lasts 2 years.',
    'verified',
    '',
  ],
  ['a changed number', 'The warranty lasts two years.', 'The warranty lasts 3 years.', 'contradicted', 'number'],
  ['90 minutes as 1.5 hours', 'The full backup takes 90 minutes.', 'The full backup takes 1.5 hours.', 'verified', ''],
  [
    'a claim the source does not make',
    'The warranty lasts two years.',
    'The warranty also covers accidental damage.',
    'unverified',
    '',
  ],
  [
    'an approximate number is not a contradiction',
    'The full backup takes 90 minutes.',
    'The full backup takes about two hours.',
    'unverified',
    '',
  ],
  [
    'a bound against the source bound',
    'Adults may take 1 g every six hours, up to a maximum of 4 g in 24 hours.',
    'Adults can take up to 6 g of it in a day.',
    'contradicted',
    'number',
  ],
  ['a bound against a plain value is not compared', 'The dose is 1 g.', 'The dose is up to 2 g.', 'unverified', ''],
  [
    'a general rule does not speak against its exception',
    'Items can be returned for a full refund. Sale items can be exchanged but not refunded.',
    'Sale items can be returned for a full refund.',
    'contradicted',
    'negation',
  ],
  [
    'approximate values far apart',
    '毕昇的发明比古腾堡早约四百年。',
    '毕昇的发明比古腾堡早约两百年。',
    'contradicted',
    'number',
  ],
  [
    'every Sunday is not every day',
    '系统每周日凌晨2点自动备份数据库。',
    '系统每天凌晨2点自动备份数据库。',
    'contradicted',
    'number',
  ],
  [
    'a duration in two units',
    'The eco programme takes 3 hours 40 minutes.',
    'The eco programme takes 220 minutes.',
    'verified',
    '',
  ],
  [
    'a version after its name',
    'It requires Python 3.9 or later.',
    'It requires Python 3.8 or later.',
    'contradicted',
    'number',
  ],
  [
    'a product named by a number is a name',
    '一年期利率为1.45%，三年期为1.95%。',
    '三年期利率为1.95%。',
    'verified',
    '',
  ],
  [
    'two places swapped between birth and death',
    'Mozart was born in Salzburg in 1756 and died in Vienna in 1791.',
    'Mozart was born in Vienna and died in Salzburg.',
    'contradicted',
    'name',
  ],
  [
    'two counts swapped between the things they count',
    'Beethoven wrote nine symphonies and 32 piano sonatas.',
    'Beethoven wrote 32 symphonies and nine piano sonatas.',
    'contradicted',
    'number',
  ],
  [
    'winner and loser swapped, the verb reworded',
    'In the final, Nadal came back from a set down to defeat Federer in four sets.',
    'Federer came back from a set down to beat Nadal in the final.',
    'contradicted',
    'name',
  ],
  [
    'an antonym verb in the past tense',
    'King Harold was killed during the battle.',
    'King Harold survived the battle.',
    'contradicted',
    'negation',
  ],
  [
    'an irregular past participle against its opposite',
    'The router restarts with factory settings. Your saved passwords are kept.',
    'A factory reset also wipes the saved passwords.',
    'contradicted',
    'negation',
  ],
  [
    'a denial reaching the second verb of its clause',
    'Do not store the batteries or charge them near a heater.',
    'You can charge the batteries near a heater.',
    'contradicted',
    'negation',
  ],
  [
    'a prefix that denies (irreversibly / reversibly)',
    'Warfarin irreversibly binds the receptor.',
    'Warfarin binds the receptor reversibly.',
    'contradicted',
    'negation',
  ],
  [
    'a unit the source does not give is never verified: the same number of pounds is another weight',
    'Each passenger may bring one cabin bag of up to 8 kg.',
    'A cabin bag may weigh up to 8 lb.',
    'contradicted',
    'unit',
  ],
  [
    'a qualifier taken from another sentence is never verified',
    'Free accounts keep deleted files for 30 days. Paid accounts get a 180-day recovery window.',
    'On a paid account, deleted files are kept for 30 days.',
    'unverified',
    '',
  ],
  [
    'the same claim with its names in place',
    'In the final, Nadal came back from a set down to defeat Federer in four sets.',
    'Nadal defeated Federer in four sets in the final.',
    'verified',
    '',
  ],
  [
    'another claim beside a true one',
    'PGlite runs in the process and does not need a server.',
    'PGlite runs in the process.',
    'verified',
    '',
  ],
  [
    'the two sides of a comparison swapped',
    'Plants kept in shade grew more slowly than those kept in full sun.',
    'Plants kept in full sun grew more slowly than those kept in shade.',
    'contradicted',
    'negation',
  ],
  [
    'two days in the other order',
    'The meeting moved from Tuesday to Thursday because the room was booked.',
    'The meeting moved from Thursday to Tuesday.',
    'unverified',
    '',
  ],
  [
    'a word taken from the next clause, and one given back to it',
    'Entry is free for children under 12; adults pay 15 euros.',
    'Entry is free for adults; children under 12 pay 15 euros.',
    'contradicted',
    'name',
  ],
  [
    'what the source says of one named thing given to another',
    'Redis keeps its data in memory and can write snapshots to disk. PostgreSQL keeps its data on disk and caches pages in memory.',
    'PostgreSQL keeps its data in memory and can write snapshots to disk.',
    'contradicted',
    'name',
  ],
  [
    'the opposite said by the clause after',
    'Jupiter is the largest planet, and Mercury is the smallest.',
    'Jupiter is the smallest planet.',
    'contradicted',
    'negation',
  ],
  [
    'one verb of two, each with its own source sentence',
    'The museum opens at 10:00 on weekdays. It is closed on Mondays.',
    'The museum opens at 10:00 on weekdays and is closed on Mondays.',
    'unverified',
    '',
  ],
  [
    "a number worked out from the source's own: the same price per user a year as a month",
    'The team plan costs 12 dollars per user per month.',
    'The team plan costs 12 dollars per user each month, so 144 dollars per user a year.',
    'verified',
    '',
  ],
  [
    'years said as days',
    'The warranty covers manufacturing defects for two years from the date of purchase.',
    'For the first 730 days after purchase, manufacturing defects are covered by the warranty.',
    'unverified',
    '',
  ],
  [
    'a fraction of an hour',
    'Accounts are locked for 15 minutes after five failed login attempts.',
    'Five failed login attempts lock the account for a quarter of an hour.',
    'unverified',
    '',
  ],
  [
    'switched off against switched on',
    'To reset the router, hold the reset button for 10 seconds while it is switched on.',
    'To reset the router, hold the reset button for 10 seconds while it is switched off.',
    'contradicted',
    'negation',
  ],
  [
    'a denial on each side in other words',
    'On public holidays the office stays closed.',
    'During public holidays nobody is in the office.',
    'unverified',
    '',
  ],
  [
    'an hour and a half, in Chinese',
    '在线课程共12周，每周一次直播课，每次90分钟。',
    '每周有一节一个半小时的直播课。',
    'unverified',
    '',
  ],
  [
    'two hours and a half against 90 minutes, in Chinese',
    '在线课程共12周，每周一次直播课，每次90分钟。',
    '每周有一节两个半小时的直播课。',
    'contradicted',
    'number',
  ],
  ['twelve weeks said as three months', '在线课程共12周，每周一次直播课。', '在线课程为期三个月。', 'unverified', ''],
  [
    'a founder swapped for the successor the same sentence names',
    'Alice Chen founded the company in 2009 and served as chief executive until 2017, when Marco Rossi replaced her.',
    'Marco Rossi founded the company in 2009.',
    'contradicted',
    'name',
  ],
  [
    'a denial of what the sentence before names',
    'Store the vaccine between 2 and 8 degrees Celsius. Do not freeze it.',
    'The vaccine may be frozen.',
    'contradicted',
    'negation',
  ],
  [
    "a day's opposite not excused by the rule for other days",
    'The museum opens at 10:00 on weekdays. It is closed on Mondays.',
    'The museum is open on Mondays.',
    'contradicted',
    'negation',
  ],
  [
    'a fine that is not the day it is charged for',
    '逾期归还每本每天罚款0.5元。',
    '逾期归还每本每天罚款1元。',
    'contradicted',
    'number',
  ],
  [
    'a count before a comma, in Chinese',
    '北京至上海的高铁每天发车40班，最快4小时18分钟到达。',
    '北京至上海的高铁每天发车60班。',
    'contradicted',
    'number',
  ],
  [
    'a third of an hour, in Chinese',
    '该水箱容量为200升，按每分钟10升的正常流速，20分钟即可排空。',
    '200升的水箱以每分钟10升的速度，三分之一小时就能放完。',
    'unverified',
    '',
  ],
  [
    "a plan given the other plan's allowance",
    'The free plan allows up to 3 projects and 500 MB of storage. The team plan allows unlimited projects and 100 GB of storage.',
    'The free plan allows unlimited projects and 100 GB of storage.',
    'contradicted',
    'name',
  ],
  [
    'the other platform',
    'The northbound platform is on the left side of the station. Trains to the airport leave from the southbound platform every 20 minutes.',
    'Trains to the airport leave from the northbound platform every 20 minutes.',
    'contradicted',
    'negation',
  ],
  [
    "a planet given another planet's superlative",
    'Mercury is the closest planet to the Sun and Neptune is the farthest. Jupiter is the largest planet, and Mercury is the smallest.',
    'Mercury is the largest planet.',
    'contradicted',
    'name',
  ],
  [
    'a name the source also writes, said as it says it',
    'Release 2.8.0 of the client library was published on 3 March 2025. It requires Python 3.9 or later.',
    'Release 2.8.0 of the client library was published on 3 March 2025 and requires Python 3.9 or later.',
    'unverified',
    '',
  ],
  [
    'a number from another clause beside the right words',
    'In 2023 the company sold 12,000 bikes in Germany and 7,500 in France. Sales in Spain reached 3,200.',
    'Sales in Spain reached 7,500 bikes.',
    'unverified',
    '',
  ],
  [
    'hours and minutes as one duration, in Chinese',
    '北京至上海的高铁最快4小时18分钟到达。',
    '北京至上海的高铁最快258分钟到达。',
    'verified',
    '',
  ],
  [
    'hours and minutes against another duration, in Chinese',
    '北京至上海的高铁最快4小时18分钟到达。',
    '北京至上海的高铁最快4小时48分钟到达。',
    'contradicted',
    'number',
  ],
  [
    'every hour and a half for every 90 minutes',
    'The ferry to the island leaves every 90 minutes between 7:00 and 19:00.',
    'Ferries run every hour and a half from 7:00 to 19:00.',
    'unverified',
    '',
  ],
  [
    'two denials in one clause deny two things, not each other',
    'The plan has no setup fee and no monthly service fee.',
    'Customers on the plan pay a monthly service fee.',
    'contradicted',
    'negation',
  ],
  [
    'an amount of zero says "no"',
    'The savings account has no account fee.',
    'The savings account has a 0% account fee.',
    'unverified',
    '',
  ],
  [
    'a denial spent on an opposite the source does not say',
    'Both powders dissolve readily in cold water.',
    'It is not hard to dissolve either powder in cold water.',
    'unverified',
    '',
  ],
  [
    'an opposite that describes a shared word does not turn the clause',
    'Residents of the county do not need a permit for stays of up to 14 days.',
    'Residents of the county need a permit even for short stays.',
    'contradicted',
    'negation',
  ],
  [
    'an opposite said by the clause that follows a denial',
    'Guests must sign in at the desk and may not use the sauna.',
    'Guests may use the sauna after signing in.',
    'contradicted',
    'negation',
  ],
  [
    'adverbs read as their adjectives',
    'The pump spins slowly when the tank is nearly full.',
    'The pump spins quickly when the tank is nearly full.',
    'contradicted',
    'negation',
  ],
  [
    '"less quickly" is "more slowly"',
    'Seedlings kept indoors grew more slowly than those kept outdoors.',
    'Seedlings kept indoors grew less quickly than those kept outdoors.',
    'verified',
    '',
  ],
  [
    '"needs no" denies the need',
    'Claims under 50 euros are approved by your manager. Larger claims also need approval from finance. Travel booked through the partner portal needs no separate approval.',
    "Booking travel on the partner portal means you don't need any extra sign-off.",
    'unverified',
    '',
  ],
  [
    '"no more than" bounds a number',
    'Each doctor can see up to four patients an hour.',
    'Each doctor sees no more than four patients an hour.',
    'unverified',
    '',
  ],
  [
    '"no river … more than X" says what "X … more than any river" says',
    'The Danube flows through more capital cities than any other river.',
    'No river flows through more capital cities than the Danube.',
    'unverified',
    '',
  ],
  [
    'the name after "than" in a comparison with "no"',
    'Saturn has the most moons of any planet, more even than Jupiter, which is larger.',
    'No planet has more moons than Saturn.',
    'unverified',
    '',
  ],
  [
    "a denial in a sentence about another thing than the claim's",
    'Responses marked Cache-Control: no-store must not be written to any cache. A response with max-age=600 may be reused for ten minutes without contacting the server. After that it is stale.',
    'max-age=600 lets a cache serve the response for 600 seconds, that is ten minutes, without asking the server.',
    'unverified',
    '',
  ],
  [
    'a count of other things is not verified',
    'The cluster runs 3 replicas of the database.',
    'The cluster runs 3 nodes of the database.',
    'unverified',
    '',
  ],
  [
    'a version number read apart from the verb after it, whose opposite then shows',
    'Release 4.0 drops the PDF reader and adds an EPUB reader.',
    'Release 4.0 adds a PDF reader.',
    'contradicted',
    'negation',
  ],
  [
    'a word the source says both ways, read in the part its other words speak of',
    'Version 3.1 of the app adds support for tablets and removes support for Android 9.',
    'Version 3.1 of the app adds support for Android 9.',
    'contradicted',
    'negation',
  ],
  [
    'two opposites swapped between the two parts of a clause',
    'On Mars the wind blows from the north in winter and from the south in summer.',
    'On Mars the wind blows from the south in winter and from the north in summer.',
    'contradicted',
    'negation',
  ],
  [
    'a clause that only gives a reason is not compared on its own',
    'Infants under 6 months should not be given honey because of the risk of botulism.',
    'Because of the risk of botulism, honey is off-limits for infants below six months.',
    'unverified',
    '',
  ],
  [
    'an opposite in a clause of one word and a number',
    'Withdrawals abroad cost 2% of the amount, with a minimum of 3 euros.',
    'Withdrawals abroad cost 2% of the amount, up to a maximum of 3 euros.',
    'contradicted',
    'negation',
  ],
  [
    'a relation turned round with its sides swapped',
    'Stir in the cream after the sauce has thickened.',
    'Wait until the sauce has thickened before you stir in the cream.',
    'unverified',
    '',
  ],
  [
    'a relation turned round on the same sides',
    'Stir in the cream after the sauce has thickened.',
    'Stir in the cream before the sauce has thickened.',
    'contradicted',
    'negation',
  ],
  [
    'a comparison whose other side is what the source speaks of',
    'Between 1920 and 1929 exports grew rapidly, by about 6% a year. After the 1929 crash, growth slowed to around 1% a year.',
    'Growth was much faster in the 1920s than after the crash.',
    'unverified',
    '',
  ],
  [
    'two things swapped around "unless"',
    'Interest is added to your balance automatically unless you choose to have it paid out.',
    'Interest is paid out to you automatically unless you choose to add it to your balance.',
    'contradicted',
    'negation',
  ],
  [
    'prevents against allows',
    'A locked screen prevents access to your files.',
    'A locked screen allows access to your files.',
    'contradicted',
    'negation',
  ],
  [
    'the opposite direction against the same direction',
    'Mercury rotates in the same direction as most planets.',
    'Mercury rotates in the opposite direction to most planets.',
    'contradicted',
    'negation',
  ],
  [
    'rare against common',
    'Minor bruising is a common side effect of the injection.',
    'Minor bruising is a rare side effect of the injection.',
    'contradicted',
    'negation',
  ],
  [
    'lengthens against shortens',
    'A warm compress shortens the healing time.',
    'A warm compress lengthens the healing time.',
    'contradicted',
    'negation',
  ],
  [
    'warmer against colder',
    'Adding salt makes the water colder.',
    'Adding salt makes the water warmer.',
    'contradicted',
    'negation',
  ],
  [
    'what the source says of one party given to the other',
    'A buyer must pay a 10% deposit when signing. A seller, on the other hand, must deliver the keys on completion and may only withdraw from the sale for a reason set out in the contract.',
    'A buyer may only withdraw from the sale for a reason set out in the contract.',
    'contradicted',
    'name',
  ],
  [
    "a wing given the other wing's stone",
    'The north tower was built in 1750 from sandstone; the south tower was added in 1890 and is built of granite.',
    'The north tower is built of granite.',
    'contradicted',
    'name',
  ],
  [
    'the same stone for the wing the source gives it',
    'The north tower was built in 1750 from sandstone; the south tower was added in 1890 and is built of granite.',
    'The south tower is built of granite.',
    'unverified',
    '',
  ],
  [
    'a claim said of the subject named clauses before it',
    'Everest, at 8,849 metres, is the highest mountain on Earth. K2, the second highest, reaches 8,611 metres.',
    'K2 is the highest mountain on Earth at 8,849 metres.',
    'contradicted',
    'name',
  ],
  [
    'a full name given what the source says of a successor',
    "Maria Lopez founded the studio in 2011 and ran it until 2019, when Tom Berg replaced her. Berg had previously run the studio's animation team.",
    "Maria Lopez had previously run the studio's animation team.",
    'contradicted',
    'name',
  ],
  [
    'a number worked out with a factor the claim gives',
    'Each employee is entitled to 20 days of paid training a year.',
    'Together, three employees can take 60 days of paid training a year.',
    'unverified',
    '',
  ],
  [
    'a total worked out from a daily fee and the days the claim gives',
    HELMETS,
    'A 16-year-old hiring a bike for three days pays €12 in helmet fees.',
    'unverified',
    '',
  ],
  [
    'a total that is not the daily fee times the days',
    HELMETS,
    'Riders under 18 pay a helmet fee of €15 for three days.',
    'contradicted',
    'number',
  ],
  [
    'how many times faster one speed is than another is not a speed',
    'The mixer has two speeds: speed 1 (0–500 rpm) for stirring and speed 2 (0–1,500 rpm) for whisking.',
    'At speed 2 the mixer can turn three times as fast as at speed 1.',
    'unverified',
    '',
  ],
  [
    'one ratio against another',
    'The new charger fills the battery twice as fast as the old one.',
    'The new charger fills the battery three times as fast as the old one.',
    'contradicted',
    'number',
  ],
  [
    '"a day" after an amount and what it is of makes a daily amount, not a length of time',
    CALCIUM,
    'That adds up to 1,000 mg of calcium carbonate a day.',
    'unverified',
    '',
  ],
  [
    'a length of time changed beside a daily dose',
    CALCIUM,
    'Take the calcium carbonate tablet two hours after a meal.',
    'contradicted',
    'number',
  ],
  [
    'a name given the date of the source clause that names it, not of the clause its verb binds to',
    HARBOUR,
    'The Harbour Trust took over the harbour at the end of March 1980, seventy years after the quay opened.',
    'unverified',
    '',
  ],
  [
    "a name given another event's date",
    HARBOUR,
    'The Harbour Trust took over the harbour in 1901.',
    'contradicted',
    'date',
  ],
  [
    'a changed number without a factor',
    'Each ticket costs 12 euros.',
    'A ticket costs 15 euros.',
    'contradicted',
    'number',
  ],
  [
    'a year worked out from a date and a number of years beside it',
    'The bridge opened in 1932, three years before the tunnel.',
    'The tunnel opened in 1935.',
    'unverified',
    '',
  ],
  [
    'a name on the other side of the verb than the rival the source names',
    'In the final, Brazil beat Italy 3–1. Italy had knocked out Spain in the semi-final, while Brazil beat France.',
    'Italy reached the final by beating Spain.',
    'unverified',
    '',
  ],
  [
    'two opposites turned in two parts of a clause',
    'In hot weather, raise the awning and water the plants less often.',
    'In hot weather, lower the awning and water the plants more often.',
    'contradicted',
    'negation',
  ],
  [
    'forbidden against a "may"',
    'Visitors must register at the gate and may bring cameras.',
    'Cameras are forbidden for visitors.',
    'contradicted',
    'negation',
  ],
  [
    'a short source denial all of whose words the claim says',
    'Changes to the colour scheme take effect immediately; no restart is needed. Changing the listen address, by contrast, requires a full restart of the service.',
    'Changes to the colour scheme need a restart before they take effect.',
    'contradicted',
    'negation',
  ],
  [
    'a denial said by a later clause of the sentence',
    'Your PIN must have six digits and may start with a zero. It must not be a simple sequence such as 123456, nor one digit repeated.',
    'A PIN made of a single repeated digit, like 777777, is not accepted.',
    'unverified',
    '',
  ],
  [
    'raises against lowers',
    'Eating with the tablet lowers the risk of nausea.',
    'Eating with the tablet raises the risk of nausea.',
    'contradicted',
    'negation',
  ],
  [
    'shorter against taller',
    'The lighthouse is taller than the church tower.',
    'The lighthouse is shorter than the church tower.',
    'contradicted',
    'negation',
  ],
  [
    'the opposite of a word that is itself an opposite',
    'The majority of members voted for the plan.',
    'A minority of members voted for the plan.',
    'contradicted',
    'negation',
  ],
  [
    '"apart from" with a denial says what "only" says',
    PARKING,
    'Apart from the marked bays behind the hotel, guests cannot park anywhere.',
    'unverified',
    '',
  ],
  [
    'a denial of what "only" allows still disagrees with it',
    PARKING,
    'Guests cannot park in the marked bays behind the hotel.',
    'contradicted',
    'negation',
  ],
  [
    '"instead of" with a denial says what "only" says',
    'Use only the supplied cloth to clean the lens.',
    'Do not use paper tissues instead of the supplied cloth to clean the lens.',
    'unverified',
    '',
  ],
  [
    'a condition is not compared with a requirement, as it asserts nothing',
    RECEIPTS,
    'If a receipt has not been kept and submitted within 30 days, the expense claim will be rejected.',
    'unverified',
    '',
  ],
  [
    'a requirement denied outright still disagrees',
    RECEIPTS,
    'Receipts do not have to be kept and submitted within 30 days.',
    'contradicted',
    'negation',
  ],
  [
    'staying within a bound denies nothing of the bound',
    LIFT,
    'The lift can take eight adults without going over its load limit.',
    'unverified',
    '',
  ],
  ['a bound denied outright still disagrees', LIFT, 'The lift has no load limit.', 'contradicted', 'negation'],
  [
    'a denial said of the verb on one side and of the shared words on the other',
    DELIVERY,
    'You will not get the delivery fee back if you cancel an order.',
    'unverified',
    '',
  ],
  [
    'a denial removed from a refund',
    DELIVERY,
    'Delivery fees are refunded if you cancel an order.',
    'contradicted',
    'negation',
  ],
  [
    'a "no" whose "than" stands past the "until" that ends its reach compares nothing',
    CABIN,
    'No space heater is required until it gets colder than minus 10.',
    'unverified',
    '',
  ],
  [
    'the heater required where the source says it is not',
    CABIN,
    'A space heater is required until it gets colder than minus 10.',
    'contradicted',
    'negation',
  ],
  ['a verb whose object is "nothing" is denied', BOOKING, 'Changing a booking costs nothing.', 'unverified', ''],
  ['a fee where the source charges none', BOOKING, 'Changing a booking costs a fee.', 'contradicted', 'negation'],
  [
    'a clause and its "unless" said in one, where the source cuts them apart with a comma',
    PHOTOS,
    'Photos are deleted after 90 days unless the member pinned them.',
    'unverified',
    '',
  ],
  ['a deletion denied outright', PHOTOS, "Members' photos are not deleted after 90 days.", 'contradicted', 'negation'],
  [
    'a denial does not reach past the "once" that says when',
    LEAVE,
    'Unused leave counts for nothing once the calendar year ends.',
    'unverified',
    '',
  ],
  [
    'a denial of what happens when',
    LEAVE,
    'Unused leave does not expire when the calendar year ends.',
    'contradicted',
    'negation',
  ],
  [
    "one side's property given to the thing the other side of a semicolon names",
    QUOTAS,
    'If a process exceeds its network quota it gets suspended and the owner receives an email.',
    'contradicted',
    'name',
  ],
  [
    "a side's property said of its own thing in other words",
    QUOTAS,
    'Going over the disk quota gets a process suspended, and its owner is emailed.',
    'unverified',
    '',
  ],
  [
    "one side's property given to how often the other side pays",
    GYM_FEES,
    'If you pay yearly, you can use the sauna and the steam room.',
    'contradicted',
    'unit',
  ],
  [
    "one side's property given to the other side's thing, where that side says it has it too",
    GYM_FEES.replace('monthly get', 'monthly also get'),
    'If you pay monthly, you get a towel service and two free guest passes.',
    'verified',
    '',
  ],
  [
    'two clauses that each take a word from both sides of a semicolon',
    PAINKILLERS,
    'Take paracetamol with food to protect your stomach, while ibuprofen is fine on an empty stomach.',
    'contradicted',
    'name',
  ],
  [
    "two clauses that each keep to one side's words",
    PAINKILLERS,
    'You can take paracetamol on an empty stomach, but take ibuprofen with food.',
    'verified',
    '',
  ],
];

describe('ClaimSupportVerifier', () => {
  judgeEach(cases, verifier);

  it.each([
    ['a verified paragraph', 'Both stop at Harbor Station.'],
    ['a contradicted one', 'The tram leaves at 9:00.'],
  ])('judges a text cited under two ids as it judges it cited once: %s', (_name, paragraph) => {
    const once = new ClaimSupportVerifier().check(paragraph, [{ citationId: 'E1', text: TIMETABLE }]);
    const twice = new ClaimSupportVerifier().check(paragraph, [
      { citationId: 'E1', text: TIMETABLE },
      { citationId: 'E2', text: TIMETABLE },
    ]);
    expect(twice.verdict).toBe(once.verdict);
    for (const citation of twice.citations) {
      expect({ ...citation, citationId: 'E1' }).toEqual(once.citations[0]);
    }
  });

  it('gives as evidence the source sentences a verified paragraph rests on, as offsets into the source', () => {
    const result = verdictOf(TIMETABLE, 'Both stop at Harbor Station.');
    const spans = result.citations[0]!.evidence!.spans;
    expect(spans.map((span) => TIMETABLE.slice(span.start, span.end))).toEqual(['Both stop at Harbor Station.']);
  });

  it('gives as evidence of a contradiction the source sentence and the words that disagree', () => {
    const result = verdictOf(TIMETABLE, 'The tram leaves at 9:00.');
    const evidence = result.citations[0]!.evidence!;
    expect(TIMETABLE.slice(evidence.spans[0]!.start, evidence.spans[0]!.end)).toBe(
      'The ferry leaves at 9:00, while the tram leaves at 10:00.',
    );
    expect(evidence.conflict).toEqual({ kind: 'number', claim: '9:00', source: '10:00' });
  });

  it('verifies a paragraph whose sentences rest on different sources, and says which verified what', () => {
    const result = verifier.check('The warranty lasts two years. The full backup takes 90 minutes.', [
      { citationId: 'E1', text: 'The warranty lasts two years.' },
      { citationId: 'E2', text: 'The full backup takes 90 minutes.' },
    ]);
    expect(result.verdict).toBe('verified');
    expect(result.citations.map((citation) => citation.verdict)).toEqual(['verified', 'verified']);
  });

  it('leaves a paragraph unverified when one of its sentences is not found', () => {
    const result = verdictOf(
      'The warranty lasts two years.',
      'The warranty lasts two years. It is the longest in Europe.',
    );
    expect(result.verdict).toBe('unverified');
  });

  it('never verifies a paragraph without sources', () => {
    expect(verifier.check('The warranty lasts two years.', [])).toEqual({ citations: [], verdict: 'unverified' });
  });
});

const TRAINS =
  'G123次列车每天7:05从北京南站发车，11:20到达上海虹桥站。G125次列车8:10发车，13:05到达。二等座票价为553元，一等座为933元。';
const FLIGHTS =
  'Flight LH 400 from Frankfurt to New York JFK departs at 10:05 and arrives at 12:50 local time. Flight LH 402 departs at 13:15 and arrives at 15:55.';
const RENT = '月租金3000元，按季度支付，押金为一个月租金。';
const FEES =
  '本小区物业费按建筑面积收取，住宅每月每平方米2.5元，商铺每月每平方米5元。物业费按季度缴纳，每季度首月10日前缴清。';

const LUGGAGE = '丢失的行李按实际损失赔偿，但最高不超过机票价格的3倍。';
const ANNUAL_LEAVE = '员工入职满一年后享有年假5天。年假须在当年内一次性休完，不得拆分。';
const PARK_ENTRY = '办理了年卡的车辆可以进入园区，非年卡车辆不得进入园区。';
const LOAN_AGE = '贷款到期时借款人的年龄不得超过65岁。';
/** Chinese sentences, and sentences in another language than their source. */
const THERMOSTAT =
  'The thermostat runs on two AA batteries, which last about 12 months. Away mode starts when no one has been home for 3 hours. The warranty lasts 2 years.';
const chineseCases: ClaimCase[] = [
  [
    'across languages, a value changed in a clause the source sentence of a restated amount binds',
    'The clinic pharmacy opens at 8:30 and most prescriptions are ready within 40 minutes. Parking in the hospital ' +
      'garage costs £3.20 for the first hour and £1.80 for each additional hour, with free parking for blue badge holders. ' +
      'A weekly permit costs £15.',
    '医院停车场第一个小时收费3.20英镑，之后每小时收2.40英镑。',
    'contradicted',
    'number',
  ],
  [
    'across languages, the value the source sentence of a restated amount gives is held',
    'The clinic pharmacy opens at 8:30 and most prescriptions are ready within 40 minutes. Parking in the hospital ' +
      'garage costs £3.20 for the first hour and £1.80 for each additional hour, with free parking for blue badge holders. ' +
      'A weekly permit costs £15.',
    '医院停车场第一个小时收费3.20英镑，之后每小时收1.80英镑。',
    'unverified',
    '',
  ],
  [
    'across languages, a value worked out from the restated amount is not set against the sentence',
    'The cabin fee for a pet is US$90 each way on domestic flights and US$150 each way on international flights.',
    '国内航线带宠物进客舱单程收费90美元，往返就是180美元。',
    'unverified',
    '',
  ],
  [
    'across languages, a pass named by its period is not a period set against the sentence',
    '年卡售价300元，有效期365天，每周可免费入园2次。',
    'The annual card costs 300 yuan and is valid for 365 days.',
    'unverified',
    '',
  ],
  [
    'across languages, a changed value beside an amount the source gives once, in one clause',
    '本停车场（云帆广场地下B1、B2层）收费标准：小型车首1小时免费，之后每小时5元，24小时内最高收费50元；大型车每小时10元，' +
      '不设封顶。商场单笔消费满200元可凭小票减免2小时停车费，当日电影票可减免3小时，两项优惠不可叠加。',
    'Spending ¥200 or more in a single purchase at the mall gets you 3 hours of parking free.',
    'contradicted',
    'number',
  ],
  [
    'across languages, the value beside an amount the source gives once, in its clause',
    '本停车场（云帆广场地下B1、B2层）收费标准：小型车首1小时免费，之后每小时5元，24小时内最高收费50元；大型车每小时10元，' +
      '不设封顶。商场单笔消费满200元可凭小票减免2小时停车费，当日电影票可减免3小时，两项优惠不可叠加。',
    'Spending ¥200 or more in a single purchase at the mall gets you 2 hours of parking free.',
    'unverified',
    '',
  ],
  [
    'across languages, the ends of a span said as two times of day are not pinned by a price',
    '装维人员上门时间为每天9:00—18:00，上门费100元，周末同样提供服务。',
    'Technicians charge 100 yuan and visit between 9 am and 6 pm every day, weekends included.',
    'unverified',
    '',
  ],
  [
    'a day changed in the clause that says what happens that day, beside a span of opening days',
    '阳光游泳馆开放时间为周一至周五6:00—21:30，周六、周日8:00—20:00；每周一上午闭馆清洁，13:00起开放。',
    '游泳馆每周三上午闭馆清洁，当天13:00起开放。',
    'contradicted',
    'date',
  ],
  [
    'the day the clause that says what happens gives',
    '阳光游泳馆开放时间为周一至周五6:00—21:30，周六、周日8:00—20:00；每周一上午闭馆清洁，13:00起开放。',
    '游泳馆每周一上午闭馆清洁，下午1点起开放。',
    'unverified',
    '',
  ],
  [
    'an opposite said of a shared word: weaker against stronger',
    '2.4GHz频段覆盖范围更广，5GHz频段速度更快但穿墙能力较弱。',
    '5GHz频段不仅速度更快，穿墙能力也更强。',
    'contradicted',
    'negation',
  ],
  [
    "across languages, a value of a list given to the other part's named thing",
    'LensLoan rents the Sony A7 IV body for £35 per day and the Canon EOS R6 Mark II for £42 per day. A deposit of £500 is required.',
    'Sony A7 IV机身的日租金是42英镑。',
    'contradicted',
    'number',
  ],
  [
    'across languages, a value of a list given to its own named thing',
    'LensLoan rents the Sony A7 IV body for £35 per day and the Canon EOS R6 Mark II for £42 per day. A deposit of £500 is required.',
    'Sony A7 IV机身的日租金是35英镑。',
    'unverified',
    '',
  ],
  [
    "across languages, the one value of the source said in the claim's unit is the one it speaks of",
    THERMOSTAT,
    '家里连续5小时没人时，离家模式就会启动。',
    'contradicted',
    'number',
  ],
  [
    "across languages, the claim's value in its own unit, held by the source",
    THERMOSTAT,
    '家里连续3小时没人时，离家模式就会启动。',
    'unverified',
    '',
  ],
  [
    "across languages, a value the source holds in another unit is not set against the claim's unit",
    'Rooms can be booked up to 14 days ahead. Bookings are limited to 4 hours per member per day. Cancellations less than 2 hours before the start are charged in full.',
    '每位会员一天之内最多只能订4个小时的会议室。',
    'unverified',
    '',
  ],
  [
    'across languages, a number written in words is not bound by its unit alone',
    'A Martian day lasts 24 hours 39 minutes, and a Martian year lasts 687 Earth days. Phobos orbits three times a day.',
    '火星的一天叫作火星日，比地球上的一天稍长。',
    'unverified',
    '',
  ],
  ['a code written against Chinese characters', TRAINS, 'G123次列车11:50到达上海虹桥站。', 'contradicted', 'number'],
  ['a time of day in Chinese numerals', TRAINS, '坐G123次的话，早上七点零五分离开北京南。', 'unverified', ''],
  [
    'a quarter past, in Chinese numerals',
    'K1234次列车每天20:15从西安站发车。',
    'K1234次列车每天晚上九点一刻从西安站发车。',
    'contradicted',
    'number',
  ],
  [
    'a rank is not a count',
    '郑和率船队七次下西洋。第一次出航时船队有宝船62艘。',
    '第一次下西洋时，船队有宝船62艘。',
    'unverified',
    '',
  ],
  [
    'a numbered name is not a day of the month',
    'The Apollo 11 lunar module landed on the Moon on 20 July 1969.',
    '1969年7月20日，阿波罗11号的登月舱在月球着陆。',
    'unverified',
    '',
  ],
  [
    'how much more is not how much',
    '东区常住人口为86万人，西区为52万人。',
    '东区的常住人口比西区多34万人。',
    'unverified',
    '',
  ],
  [
    'a total is not one of the values it adds up',
    '东区新建学校4所，西区新建2所。',
    '两个区一共新建了6所学校。',
    'unverified',
    '',
  ],
  ['two and a half yuan', '住宅物业费每月每平方米2.5元。', '住宅物业费每月每平方米两块五。', 'verified', ''],
  ['degrees written ℃', '在标准大气压下，水在100℃沸腾。', '在标准大气压下，水在90℃沸腾。', 'contradicted', 'number'],
  ['a value inside a range', '布洛芬成人每次用量为200至400毫克。', '布洛芬成人每次服用300毫克。', 'unverified', ''],
  [
    'a value outside a range',
    '布洛芬成人每次用量为200至400毫克。',
    '布洛芬成人每次服用600毫克。',
    'contradicted',
    'number',
  ],
  [
    'a bound said before a modal and a verb',
    '读者每次最多可借10册图书。',
    '读者每次最多可以借15本书。',
    'contradicted',
    'number',
  ],
  [
    'the number of a flight is not a count',
    FLIGHTS,
    'Flight LH 402 leaves Frankfurt at 10:05.',
    'contradicted',
    'number',
  ],
  [
    '5G is a network, not five grams',
    '该手机支持5G网络，重量为190克。',
    '该手机支持5G网络，重量为5克。',
    'contradicted',
    'number',
  ],
  [
    'a wrong weight in a short Chinese sentence that says the words of the source sentence',
    '该手机支持5G网络，重量为190克。',
    '该手机重量为5克。',
    'contradicted',
    'number',
  ],
  [
    'a speed in Chinese against km/h',
    '京沪高铁设计时速350公里。',
    'The Beijing–Shanghai line was designed for 380 km/h.',
    'contradicted',
    'number',
  ],
  [
    'the same speed in another language',
    '京沪高铁设计时速350公里。',
    'Trains on the line are designed to run at 350 km per hour.',
    'unverified',
    '',
  ],
  [
    'another language, bound by a train code',
    TRAINS,
    'Train G123 pulls into Shanghai Hongqiao at 11:50.',
    'contradicted',
    'number',
  ],
  [
    'another language, the right flight of two',
    FLIGHTS,
    'LH 402航班13:15从法兰克福起飞，当地时间15:55抵达纽约肯尼迪机场。',
    'unverified',
    '',
  ],
  [
    'another language, bound by a word of the bilingual table',
    '标准洗涤程序约需1小时50分钟，快洗程序只要15分钟。',
    'The quick wash programme takes just 25 minutes.',
    'contradicted',
    'number',
  ],
  [
    'another language, the right value of two',
    '标准洗涤程序约需1小时50分钟，快洗程序只要15分钟。',
    'The quick wash takes 15 minutes.',
    'unverified',
    '',
  ],
  [
    'another language, a range against a bound',
    '布洛芬成人每次用量为200至400毫克。',
    'Adults can take up to 800 mg of ibuprofen per dose.',
    'contradicted',
    'number',
  ],
  [
    'a sentence against a source in both languages',
    'The ferry leaves at 9:00 from Pier 3. 渡轮九点从三号码头出发。',
    'The ferry leaves at 9:00 from Pier 3.',
    'verified',
    '',
  ],
  [
    'a short sentence mixing scripts',
    'The Kindle Paperwhite weighs 205 g.',
    'Kindle Paperwhite重250克。',
    'contradicted',
    'number',
  ],
  [
    'another language, a count of the same thing',
    '京沪高铁全长1318公里，设24个车站。',
    'The line has 28 stations.',
    'contradicted',
    'number',
  ],
  [
    'allowed where the source forbids it, the ban at the end of its clause',
    '布洛芬饭后服用可以减轻胃部不适。孕晚期妇女禁用。',
    '孕晚期妇女可以正常服用布洛芬。',
    'contradicted',
    'negation',
  ],
  [
    'required where the source excuses it',
    '服药期间可以正常饮食，无须空腹服用。',
    '服用阿莫西林必须空腹。',
    'contradicted',
    'negation',
  ],
  ['forbidden in other words', '青霉素过敏者禁用。', '有青霉素过敏史的患者不能用这个药。', 'unverified', ''],
  ["one class's fare given to the other", TRAINS, '一等座票价为553元。', 'contradicted', 'number'],
  [
    "a planet given another planet's superlative, in Chinese",
    '木星是太阳系中最大的行星。土星的直径约为12万公里。',
    '土星是太阳系中最大的行星。',
    'contradicted',
    'name',
  ],
  [
    'a planet given the superlative a clause before leaves unsaid',
    '木星是太阳系中最大的行星，直径约为14.3万公里。土星的直径约为12万公里，位居第二。',
    '土星是太阳系中最大的行星。',
    'contradicted',
    'name',
  ],
  [
    'two places traded between two clauses',
    '长江最终在上海注入东海。三峡大坝位于湖北省宜昌市。',
    '长江最终在宜昌注入东海，三峡大坝则建在上海。',
    'contradicted',
    'name',
  ],
  [
    'a year said before the month and day it belongs to',
    '2008年北京奥运会于8月8日晚8时在国家体育场开幕。',
    '北京奥运会于2008年8月18日开幕。',
    'contradicted',
    'date',
  ],
  [
    'another language, bound by a word of the sentence around the clause',
    '标准洗涤程序约需1小时50分钟。快洗程序适合轻度脏污的衣物，整个洗涤过程只要15分钟。',
    'The quick wash takes just 25 minutes.',
    'contradicted',
    'number',
  ],
  [
    'a ban said with 不允许 agrees with 禁止',
    '馆内禁止拍照，可以携带饮用水。',
    '馆里不允许拍照，但可以带水进去。',
    'unverified',
    '',
  ],
  [
    'a comparison of the property the clauses say',
    '甲公司2023年营收为120亿元，乙公司为95亿元。甲公司员工人数为3200人，乙公司为4100人。',
    '甲公司的员工比乙公司多。',
    'contradicted',
    'number',
  ],
  [
    'a comparison of a property another clause of the sentence gives',
    '北京市面积约1.64万平方公里，常住人口约2185万人。上海市面积约6340平方公里，常住人口约2487万人。',
    '上海的常住人口比北京多。',
    'unverified',
    '',
  ],
  [
    'inches, and a number after a name with a capital inside it',
    'iPhone 15的屏幕为6.1英寸，重量171克；iPhone 15 Plus的屏幕为6.7英寸，重量201克。',
    'iPhone 15 has a 6.1-inch screen and weighs 171 g.',
    'unverified',
    '',
  ],
  [
    'a comparison the numbers answer the other way',
    FEES,
    '商铺每月每平方米的物业费比住宅低。',
    'contradicted',
    'number',
  ],
  ['a comparison the numbers bear out', FEES, '商铺的物业费比住宅高。', 'unverified', ''],
  [
    'an exact number against a bound said with 内 (within)',
    '婚假须在登记结婚后6个月内休完。',
    '婚假有十天，须在登记结婚后休完。',
    'unverified',
    '',
  ],
  [
    'a bound said with 内 against another',
    '婚假须在登记结婚后6个月内休完。',
    '婚假要在登记结婚后三个月内休完。',
    'contradicted',
    'number',
  ],
  [
    'a payment worked out across languages from a monthly rent and how often it is paid',
    RENT,
    'Rent is 3,000 yuan a month, paid quarterly, so each payment is 9,000 yuan.',
    'unverified',
    '',
  ],
  [
    'a payment across languages that the rent does not work out to',
    RENT,
    'Rent is 3,000 yuan a month, paid quarterly, so each payment is 12,000 yuan.',
    'contradicted',
    'number',
  ],
  [
    'a character of a known pair is not read again on its own: 关闭 against 打开 is turned once',
    '北门每天早上八点打开，晚上十点关闭。',
    '北门每天早上八点关闭。',
    'contradicted',
    'negation',
  ],
  [
    'two words for the same opening, one of them read through the opposite of the other',
    '周末期间，地下车库入口保持打开。',
    '周末期间，地下车库入口保持开放。',
    'unverified',
    '',
  ],
  [
    'a clause ending in 的 before the rest of its sentence is a condition, not compared with an assertion',
    '体检费用按80%报销；未在定点医院体检的，按50%报销。',
    '在定点医院做的体检，费用按80%报销。',
    'unverified',
    '',
  ],
  [
    'a cap said as 封顶 against the same cap said as a denial of passing it',
    LUGGAGE,
    '行李丢了按实际损失赔，但封顶是机票价格的三倍。',
    'unverified',
    '',
  ],
  ['passing a cap the source denies', LUGGAGE, '行李丢了可以赔超过机票价格的3倍。', 'contradicted', 'negation'],
  [
    'a rule on an act within a bound against the rule that bounds it',
    LOAN_AGE,
    '贷款到期时借款人的年龄最多只能到65岁。',
    'unverified',
    '',
  ],
  [
    'a permission to pass the bound a rule forbids passing',
    LOAN_AGE,
    '贷款到期时借款人的年龄可以超过65岁。',
    'contradicted',
    'negation',
  ],
  [
    '非 before a word names a class: what is denied of that class is not denied of its words',
    PARK_ENTRY,
    '普通车辆不让进入园区。',
    'unverified',
    '',
  ],
  [
    'the class 非 names allowed what the source forbids it',
    PARK_ENTRY,
    '非年卡车辆可以进入园区。',
    'contradicted',
    'negation',
  ],
  [
    'a permission against a rule on another act of the same thing, whose clause leaves the thing unsaid',
    ANNUAL_LEAVE,
    '年假能在当年内休完。',
    'unverified',
    '',
  ],
  ['a permission of the act a rule forbids', ANNUAL_LEAVE, '年假可以拆分成几次休。', 'contradicted', 'negation'],
  [
    "one side's property given to the shop the other side of a ；names",
    '在线下门店购买的商品可在30天内到店退换；在网上购买的商品须在7天内寄回，运费由买家承担。',
    '在门店买的东西要7天内寄回，运费自理。',
    'contradicted',
    'name',
  ],
  [
    "a side's property said of its own shop in other words",
    '在线下门店购买的商品可在30天内到店退换；在网上购买的商品须在7天内寄回，运费由买家承担。',
    '网购的商品要在7天内寄回，运费买家出。',
    'unverified',
    '',
  ],
  [
    "one side's fine given to the case the other side names",
    '无证驾驶的，罚款2000元；驾驶时接打手持电话的，记3分，罚款200元。',
    '开车时接打手持电话，会被罚款2000元。',
    'contradicted',
    'number',
  ],
  [
    "a side's fine said of its own case",
    '无证驾驶的，罚款2000元；驾驶时接打手持电话的，记3分，罚款200元。',
    '开车时接打手持电话，会被罚款200元。',
    'unverified',
    '',
  ],
];

describe('ClaimSupportVerifier on Chinese and across languages', () => {
  judgeEach(chineseCases, verifier);
});

// Numbers worked out, written another way, or bound by their own words, and names the source never writes.
const FARES = 'An off-peak single costs €2.80. A peak single costs €4.30.';
const KILNS = 'A standard firing takes 9 hours 40 minutes; the fast firing takes 7 hours 25 minutes.';
const REGATTA =
  'Ida Karlsson won the fourth race of the regatta. She rounded the last mark first and finished 12 seconds ahead of Petra Novak. Novak still leads the series by 2 min 05 s over Karlsson.';
const ROOMS = 'A standard room costs €120 a night. Members get a 15% discount on every room.';
const MEALS = 'Lunch costs €13 and dinner costs €28.';
const TOWERS = 'The west tower is 275 metres tall and the east tower is 240 metres tall.';
const RESERVOIR = 'The reservoir holds 50 million cubic metres when full. In August it was at 40% of capacity.';
const STAFF = 'The firm had 1,200 staff in 2020 and 1,750 staff in 2024.';
const TUNNEL =
  'Spain began the tunnel in 1901 under the engineer Luis Prado, but stopped the work in 1907. France took over the project in 1910 and opened the tunnel on 3 May 1921. France handed the tunnel to a private operator in 1990.';
const CONCERT = 'The concert starts at 7:30 pm and ends two hours and forty-five minutes later.';
const RAIL_PASS = 'A 3-day rail pass costs CHF 244 in second class.';
const PODS =
  'Each web pod requests 300m of CPU and 128Mi of memory, and is limited to 600m of CPU and 256Mi of memory. The batch pod requests 2Gi of memory.';
const ERUPTIONS =
  'The eruption of Mount Pelée in May 1902 was the deadliest of the century. The 1991 eruption of Pinatubo, also in the tropics, was less deadly but far larger: its loudest blast was heard 3,000 km away.';
const STORM = 'The storm reached the coast at 6 pm on 3 May and moved inland about ten hours later, early on 4 May.';
const RAINFALL =
  'In August, Granada averages highs of 34 °C and just 3 mm of rain, with about 11 hours of sunshine a day. Bilbao, 600 km to the north, is cooler at 26 °C and wetter at 60 mm. Both cities are busiest in August.';
const SPOKEN_TIMES =
  'The museum café serves breakfast 08:30–11:00 and lunch 12:00–15:30. The ferry leaves the quay at 09:40. The crossing takes 35 minutes.';
const numberCases: ClaimCase[] = [
  [
    "a sentence that sets two of the source's values against each other compares them",
    RAINFALL,
    'Bilbao gets far more rain than Granada in August, 60 mm against 3 mm.',
    'unverified',
    '',
  ],
  [
    'a value said to be so many times another, both given by the source',
    RAINFALL,
    'Bilbao gets twenty times as much rain as Granada in August, 60 mm compared with 3 mm.',
    'unverified',
    '',
  ],
  [
    'a value that "compares with" another of the source\'s',
    RAINFALL,
    "Bilbao's 60 mm of August rain compares with just 3 mm in Granada.",
    'unverified',
    '',
  ],
  [
    "two of the source's values traded between the two things are still a swap",
    RAINFALL,
    'Granada gets 60 mm of rain in August and Bilbao just 3 mm.',
    'contradicted',
    'number',
  ],
  [
    "a closing time is set against the end of the source's hours",
    'The library is open Monday to Friday from 07:30 to 21:00. On Saturdays it opens at 10:00.',
    'The library closes at 20:00 Monday to Friday.',
    'contradicted',
    'number',
  ],
  [
    'an age inside the ages a source gives without their unit',
    'Children aged 4 to 12 pay €7. Adults pay €12. Under-4s go free.',
    'A child aged 8 pays €7.',
    'unverified',
    '',
  ],
  [
    'an age outside them',
    'Children aged 4 to 12 pay €7. Adults pay €12. Under-4s go free.',
    'A child aged 14 pays €7.',
    'contradicted',
    'number',
  ],
  [
    'a month inside the months a source gives',
    'Pitches at the campsite are available from April to October. Winter stays need a warden.',
    'Pitches at the campsite are available in June.',
    'unverified',
    '',
  ],
  [
    'a month outside them',
    'Pitches at the campsite are available from April to October. Winter stays need a warden.',
    'Pitches at the campsite are available in December.',
    'contradicted',
    'date',
  ],
  [
    'a span of months of its own is compared as a span',
    'Pitches at the campsite are available from April to October. Winter stays need a warden.',
    'Pitches at the campsite are available from May to October.',
    'contradicted',
    'date',
  ],
  ['a Chinese day inside a span of days', '博物馆周二至周日开放，周一闭馆。', '博物馆周三开放。', 'unverified', ''],
  [
    'a time written without "pm" is the "pm" time the source writes',
    'The last bus leaves the depot at 11:45 pm. The first leaves at 5:30 am.',
    'The last bus leaves the depot at 11:45.',
    'verified',
    '',
  ],
  [
    'a time written without "pm" that the source gives otherwise',
    'The last bus leaves the depot at 11:45 pm. The first leaves at 5:30 am.',
    'The last bus leaves the depot at 11:15.',
    'contradicted',
    'number',
  ],
  [
    'a time said in words on the twelve-hour clock is the afternoon time the source writes',
    SPOKEN_TIMES,
    'Lunch at the café is served until half past three.',
    'verified',
    '',
  ],
  [
    'a time said in words that the source gives otherwise',
    SPOKEN_TIMES,
    'Breakfast at the café is served from a quarter to nine.',
    'contradicted',
    'number',
  ],
  [
    'an arrival worked out from a departure and a crossing said in a sentence of its own',
    SPOKEN_TIMES,
    'The ferry leaves the quay at 09:40 and reaches the far side at 10:15.',
    'unverified',
    '',
  ],
  [
    'how much more one fare is than another is not either fare',
    FARES,
    'A peak single costs €1.50 more than an off-peak one.',
    'unverified',
    '',
  ],
  [
    'what one choice saves against another is not either value',
    KILNS,
    'The fast firing saves 2 hours 15 minutes.',
    'unverified',
    '',
  ],
  ['a fare said without a comparison is still compared', FARES, 'A peak single costs €5.50.', 'contradicted', 'number'],
  [
    'a lead written as a clock reading is the length of time the source gives',
    REGATTA,
    'Karlsson won the fourth race by 12 seconds from Novak, who still leads the series by 2:05.',
    'unverified',
    '',
  ],
  [
    'a price worked out with the discount the source gives the buyer the claim speaks of',
    ROOMS,
    'Members pay €102 a night for a standard room.',
    'unverified',
    '',
  ],
  [
    'a discounted price given to a buyer the discount is not said of',
    ROOMS,
    'A standard room costs €102 a night.',
    'contradicted',
    'number',
  ],
  [
    '一个费用按来源给出的上浮比例算出',
    '白天每公里收费3元。夜间里程费上浮10%。',
    '夜里的里程费是每公里3.3元。',
    'unverified',
    '',
  ],
  [
    'a change the claim works out from the two values it gives beside it',
    TRAVEL_POLICIES,
    'Upgrading from Silver to Gold cuts the excess on each claim by £100, from £150 down to £50.',
    'unverified',
    '',
  ],
  [
    'a change the claim works out is still set against the change the source gives',
    'The monthly fee rises by £5 to £15 in April.',
    'In April the monthly fee rises by £3, from £12 to £15.',
    'contradicted',
    'number',
  ],
  [
    'a value the claim gives beside such a change is still read',
    TRAVEL_POLICIES,
    'The Gold policy reduces the excess to £60.',
    'contradicted',
    'number',
  ],
  [
    '半价 works out a price the claim halves',
    '省博物馆周二至周日9:00—17:00开放，16:00停止入馆，周一闭馆（法定节假日除外）。基本陈列免费参观，但需凭身份证提前预约；特展“丝路金银器”票价60元，学生半价。馆内禁止使用闪光灯和自拍杆，租用讲解器需交押金200元。',
    '学生参观“丝路金银器”特展只需30元，是普通票价的一半。',
    'unverified',
    '',
  ],
  [
    'a price neither the price nor its half gives still disagrees',
    '省博物馆周二至周日9:00—17:00开放，16:00停止入馆，周一闭馆（法定节假日除外）。基本陈列免费参观，但需凭身份证提前预约；特展“丝路金银器”票价60元，学生半价。馆内禁止使用闪光灯和自拍杆，租用讲解器需交押金200元。',
    '学生参观“丝路金银器”特展只需20元。',
    'contradicted',
    'number',
  ],
  [
    '按上浮比例也算不出的费用仍然矛盾',
    '白天每公里收费3元。夜间里程费上浮10%。',
    '夜里的里程费是每公里3.6元。',
    'contradicted',
    'number',
  ],
  ['a total the claim says it adds up from two prices', MEALS, 'Lunch and dinner together cost €41.', 'unverified', ''],
  ['a sum of two prices given as one of them', MEALS, 'Dinner costs €41.', 'contradicted', 'number'],
  ['how much taller one tower is than the other', TOWERS, 'The west tower is 35 metres taller.', 'unverified', ''],
  [
    'a difference of two values given as a value, without saying it is one',
    MEALS,
    'Lunch costs €15.',
    'contradicted',
    'number',
  ],
  [
    'a climb worked out from its two ends',
    'The cable car runs from the valley station at 1,200 metres to the summit at 2,650 metres.',
    'The cable car climbs 1,450 metres from the valley station.',
    'unverified',
    '',
  ],
  [
    'a share worked out with the percentage of the month it names',
    RESERVOIR,
    'In August the reservoir held 20 million cubic metres.',
    'unverified',
    '',
  ],
  [
    'a share given as the full capacity',
    RESERVOIR,
    'The reservoir holds 20 million cubic metres when full.',
    'contradicted',
    'number',
  ],
  [
    'a number with a thousands separator is a count, not a year',
    STAFF,
    'The firm had 1,200 staff in 2020 and added 550 staff by 2024.',
    'unverified',
    '',
  ],
  [
    'a gain that two counts do not make',
    STAFF,
    'The firm had 1,200 staff in 2020 and added 600 staff by 2024.',
    'contradicted',
    'number',
  ],
  [
    'a name the source gives another part is still a swap',
    TUNNEL,
    'Spain opened the tunnel in 1921.',
    'contradicted',
    'date',
  ],
  [
    '"one" after a determiner stands for a noun, even last in its sentence',
    'The standard room costs €90 a night and the superior room €130 a night.',
    'The superior room costs €130 a night, more than the standard one.',
    'unverified',
    '',
  ],
  [
    'a time of day with "pm" after its minutes',
    'The night ferry leaves at 23:40 and arrives at 6:15.',
    'The night ferry leaves at 11:40 pm.',
    'verified',
    '',
  ],
  [
    'a length of time in three parts is one length',
    'Ana Ruiz won the hill climb in 1 h 12 min 30 s, 19 seconds ahead of Lea Moser.',
    'Ruiz took just under an hour and a quarter to win the hill climb.',
    'unverified',
    '',
  ],
  [
    'a time of day worked out from a start and a length of time',
    CONCERT,
    'The concert ends at 10:15 pm.',
    'unverified',
    '',
  ],
  ['an end the start and the length do not make', CONCERT, 'The concert ends at 11:15 pm.', 'contradicted', 'number'],
  [
    'an amount added ("three more hours") is not a time of day',
    'Check-out is by 11 am. Late check-out until 2 pm costs €30.',
    'For €30, late check-out gives three more hours.',
    'unverified',
    '',
  ],
  [
    'a price after its currency code is money',
    RAIL_PASS,
    'A 3-day rail pass costs 244 francs in second class.',
    'verified',
    '',
  ],
  [
    'a daily price worked out from a total and rounded',
    RAIL_PASS,
    'A 3-day rail pass in second class works out at about CHF 81 a day.',
    'unverified',
    '',
  ],
  [
    'a price after its currency code still disagrees',
    RAIL_PASS,
    'A 3-day rail pass costs CHF 260 in second class.',
    'contradicted',
    'number',
  ],
  [
    'a limit worked out as double the request',
    PODS,
    'A web pod can grow to 256Mi of memory, double its 128Mi request.',
    'unverified',
    '',
  ],
  ['a binary size written in bytes', PODS, 'The batch pod requests 2 GB of memory.', 'verified', ''],
  ['a binary size that differs', PODS, 'The batch pod requests 4Gi of memory.', 'contradicted', 'number'],
  [
    'a clause opening with "its" speaks of the thing named before it',
    ERUPTIONS,
    "Pinatubo's blast was heard 3,000 km away.",
    'unverified',
    '',
  ],
  [
    'what a clause opening with "its" says, given to another thing',
    ERUPTIONS,
    "Pelée's blast was heard 3,000 km away.",
    'contradicted',
    'name',
  ],
  [
    'a bare number no word places in time is not a time of day',
    'The gallery is open from 9:00 to 17:00, and until 20:00 on Fridays.',
    'The gallery is open eight hours a day, and eleven on Fridays.',
    'unverified',
    '',
  ],
  [
    'a fragment a comma parts from the clause it finishes',
    STORM,
    'The storm reached the coast at 6 pm on 3 May and moved inland early on 4 May.',
    'unverified',
    '',
  ],
  [
    'a date neither the clause nor its fragment gives',
    STORM,
    'The storm reached the coast at 6 pm on 3 May and moved inland early on 5 May.',
    'contradicted',
    'date',
  ],
  [
    '"saved" people are a count, not a saving',
    'The lifeboat crews rescued 120 people from the ferry.',
    'The lifeboat crews saved 150 people from the ferry.',
    'contradicted',
    'number',
  ],
];

describe('ClaimSupportVerifier on worked-out numbers and the names they bind', () => {
  judgeEach(numberCases, verifier);
});

/**
 * A warning needs a sentence that rests on the source: a denial or a changed plain number needs 0.6 of its weight,
 * unless the number names another thing of the source (a swap, a version) or the sentence restates the source but
 * for it. These sentences rest on their sources for between 0.5 and 0.6.
 */
const firmnessCases: ClaimCase[] = [
  [
    'a changed count said right before the word the source says its count before, in a loosely reworded sentence',
    'Beat four eggs with 120 g of sugar, then fold in 150 g of flour. Bake at 180°C for 25 minutes.',
    'Whisk five eggs with the sugar until pale and thick, then gently fold the flour through.',
    'contradicted',
    'number',
  ],
  [
    'the count said right before the same word, in a loosely reworded sentence',
    'Beat four eggs with 120 g of sugar, then fold in 150 g of flour. Bake at 180°C for 25 minutes.',
    'Whisk four eggs with the sugar until pale and thick, then gently fold the flour through.',
    'unverified',
    '',
  ],
  [
    'a total a sentence sums up is not set against the value beside the same word',
    'New customers are placed on the Flexi tariff unless they choose the Fixed 12 tariff, which has a £30 exit fee per fuel. Smart meter installation is free.',
    "If you're on Fixed 12 for both gas and electricity and leave early, you'd pay £60 in exit fees altogether.",
    'unverified',
    '',
  ],
  [
    'a changed value said right after the word the source says its value after, in a loosely reworded sentence',
    '山泉度假村门票价格：平日成人票168元，周末成人票218元。门票含温泉区全天畅泡及自助午餐一份，不含桑拿房（每间每小时150元）。入住酒店的客人每人每晚赠送门票一张。',
    '桑拿房需要另外付钱，每间每小时200元。',
    'contradicted',
    'number',
  ],
  [
    'the value said right after the same word, in a loosely reworded sentence',
    '山泉度假村门票价格：平日成人票168元，周末成人票218元。门票含温泉区全天畅泡及自助午餐一份，不含桑拿房（每间每小时150元）。入住酒店的客人每人每晚赠送门票一张。',
    '桑拿房需要另外付钱，每间每小时150元。',
    'unverified',
    '',
  ],
  [
    'a value an example works out from a value of its own is not set against the value after the same word',
    'Little Oaks nursery closes at 18:00 on weekdays. Parents who arrive after closing are charged £12 for every 15 minutes. Children must be collected by an adult named on the form.',
    'Turning up half an hour after closing will cost you £24.',
    'unverified',
    '',
  ],
  [
    'a value halved as the source says (\u51cf\u534a) is worked out',
    '根据《临江市养犬管理规定》，办理登记需缴纳管理服务费，首次登记每只300元，年检每年120元；已绝育的犬只减半收取。',
    '狗做了绝育的话，年检每年60元。',
    'unverified',
    '',
  ],
  [
    'a time of day changed in a loosely reworded sentence is read off the timetable',
    'Watch repairs at Carver & Sons. Battery replacement is £15 and done while you wait. Our workshop takes drop-offs Monday to Friday, 9am to 3pm.',
    'You can leave a watch at the workshop on any weekday between 9am and 5pm.',
    'contradicted',
    'number',
  ],
  [
    'a time of day worked out from a source time and a length of time the source gives is not shown',
    'Morning papers start at 09:00 and afternoon papers at 13:30; candidates must be seated ten minutes before each start time.',
    'Afternoon papers begin at half past one, so students need to be in their seats by 1:20 pm.',
    'unverified',
    '',
  ],
  [
    'a time of day of a timetable that runs on the hour is not shown',
    'Guided tours of the keep run on the hour from 11:00 to 15:00 and last 50 minutes.',
    'You could join the keep tour that starts at 13:00 and be done before 14:00.',
    'unverified',
    '',
  ],
  [
    'midday for midnight, in a loosely reworded sentence',
    'Minutes reset at 00:00 UTC on the 1st of each calendar month, and unused minutes do not roll over.',
    'Your allowance is topped up at 12:00 UTC on the first day of each calendar month.',
    'contradicted',
    'number',
  ],
  [
    'a changed number another value of its clause pins to the one source clause giving a value of its kind',
    '10人以上团体预约可享9折优惠。团体须提前3天预约。',
    '团体预约满10人以上可以打8折。',
    'contradicted',
    'number',
  ],
  [
    'a number the sentence goes on to work out is not pinned by the values beside it',
    '本小区住宅物业费为每月每平方米2.2元，商铺为每月每平方米4.5元，按季度预缴。地面停车位管理费每月150元。',
    '一套100平方米的住宅，每月物业费是220元，按季度预缴一次就是660元。',
    'unverified',
    '',
  ],
  [
    'a denial in a sentence that rests loosely on the source is not shown',
    'Changes to the colour scheme take effect immediately; no restart is needed. Changing the listen address, by contrast, requires a full restart of the service.',
    'After you change the colour scheme, a restart of the service is needed before the new scheme applies.',
    'unverified',
    '',
  ],
  [
    'a total not worked out, in a sentence that rests loosely on the source, is not shown',
    HELMETS,
    'Riders under 18 hiring for three days pay a helmet fee of €15.',
    'unverified',
    '',
  ],
  [
    'a value the source gives another thing is a swap, however loosely the sentence rests on the source',
    'The ferry leaves the harbour at 9:00 and the tram leaves the station at 10:00. Tickets for both are sold at the kiosk.',
    'If you would rather go by tram, you should get to the station in time for its 9:00 departure.',
    'contradicted',
    'number',
  ],
  [
    'a changed version names another release, however loosely the sentence rests on the source',
    'LyraOS 4.1 added a dark mode and a battery saver for the Lyra Tab. The update is free for every owner.',
    'You will find dark mode in LyraOS 4.2 on your tablet.',
    'contradicted',
    'number',
  ],
];

describe('ClaimSupportVerifier on how firmly a sentence must rest on the source to be warned about', () => {
  judgeEach(firmnessCases, verifier);
});
