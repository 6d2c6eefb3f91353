import { profileClaims } from './claim-profile.js';
import { ClaimSupportVerifier } from './claim-verifier.js';
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

const TABLETS =
  'Adults take one 250 mg capsule every 6 hours with water. Children aged 8 to 14 may take one capsule every 12 hours.';
const OVEN = 'Roast the squash at 200°C (180°C fan) for 35 minutes, then rest it for 5 minutes.';
const PROGRAMMES =
  'The Rapid programme cleans up to 4 place settings at 45°C in 40 minutes, while the Intensive programme takes 2 hours 10 minutes for up to 14 place settings at 70°C.';
const LOANS =
  'Our Flexi Loan runs from £2,000 to £30,000 at a representative APR of 7.4%. Loans above £20,000 are charged 5.9% APR for existing members.';
const ARENA = '场馆会员每月最多可以预约两次私教课，须提前3天预约。';

const VACCINES = 'The 5-in-1 vaccine is given three times, at 6, 10 and 14 weeks.';
const PENSION = '公司按工资基数的8%缴纳企业年金，个人同样缴纳8%。';
const INFANT = '第一剂在2月龄接种，第二剂在4月龄接种。';
const FIRMWARE = 'Firmware 2.6 added a night mode that dims the screen after 10 pm.';
const SETUP = 'Setup is free on 36-month plans and $45 on 18-month plans.';

const SPONGE = 'Preheat the oven to 190 °C. Beat three eggs with 120 g of sugar, then fold in 120 g of flour.';
const LEAVE = 'Up to five unused days may be carried over; any further unused days lapse on 31 March.';

const APP_RELEASE =
  'Version 7.3 of the Pocketbank app rolls out from 9 September 2024. Customers on app versions older than 6.8 will be asked to update before they can log in.';
const MARS =
  'A Martian day, called a sol, lasts 24 hours 39 minutes, and a Martian year lasts 687 Earth days. Mars has two small moons, Phobos and Deimos.';
const LETTUCE = '生菜种子发芽适温为 15–20°C。一般播种后 40 到 50 天即可采收。';
const MOGAO = '莫高窟位于甘肃敦煌，始凿于公元366年，历经十个朝代持续开凿约千年。1987年，莫高窟被列入《世界遗产名录》。';
const G1_FARES =
  '北京南站至上海虹桥的G1次列车07:00发车，11:29到达。二等座票价为662元，一等座为1060元，商务座为2318元。';

const CLINIC =
  'Appointments should be cancelled at least 48 hours in advance by calling 0161 555 0142. Late patients may be asked to rebook.';

const WARD =
  '本院儿科病房每日探视时间为15:00—19:00，每名患儿限1名固定陪护人员，另可同时有2名探视者。新生儿重症监护室不开放常规探视，父母可在每周二、周五14:00—15:00进入监护室探视30分钟。';

const THERMOSTAT_PRICES =
  'The T2 is priced at $199 and the Lite at $129, and both carry a 2-year limited warranty. Both connect over Wi-Fi.';

const BENEFIT = '本市失业保险金标准为每月 1850 元。申领人须在终止劳动合同之日起 60 日内办理失业登记。';

const BOARDING = '接送时间为每天 9:00 至 19:00，19:00 以后不再办理。未绝育的成年公犬不予接收。';

const JAPANESE_CLASSES =
  '樱花日语学校开设N5入门班和N3进阶班。入门班每周二、周四晚19:00—21:00上课，共16周，学费3200元；进阶班每周六9:00—12:00上课，共20周，学费4800元。';

const LAPTOP_BATTERY =
  'The Aero 16 has a 90 Wh battery rated for 10 hours of video playback. The dishwasher uses 9.5 litres of water per cycle on the eco programme.';

const LAKESHORE_MARATHON =
  'The Lakeshore Marathon starts at 07:30 on Sunday 12 October, and the half marathon starts at 08:15 from the same line. Full-marathon runners must reach the 30 km checkpoint by 11:15; the course closes 6 hours 30 minutes after the start.';

const PEAK_TARIFF =
  '居民峰谷分时电价：峰时段为8:00—22:00，电价0.568元/千瓦时；谷时段为22:00至次日8:00，电价0.288元/千瓦时。';

const SCOOTERS = 'E-scooters are limited to 20 km/h, and to 6 km/h in the pedestrian zones.';

const SHIFTS = 'The early shift runs from 7:00 to 15:00 and the late shift from 15:00 to 23:00.';

const TARIFF = 'The Fixed tariff charges 24.6p per kWh, and the standing charge is 53p a day.';

const SYRUP = 'Adults may take the syrup as 250 mg to 500 mg every 8 to 12 hours, up to a maximum of 1 g in 24 hours.';

const ECONOMY_7 =
  'The Economy 7 tariff charges 34.2p per kWh during the day but only 13.9p per kWh for seven off-peak hours.';
const MARATHON =
  'The marathon starts at 8:00. Runners must pass the 30 km checkpoint by 11:45, and the course closes six hours after the start.';
const PLANNER =
  'NovaDB 4.2.0 raises the default connection limit from 100 to 250 and makes the new query planner the default. The ' +
  'legacy planner can still be enabled with planner_mode = legacy until version 5.0, when it will be removed.';
const VACCINES_ABROAD =
  'Travellers to areas with yellow fever risk need a single dose of yellow fever vaccine at least 10 days before ' +
  'departure; one dose gives lifelong protection for most adults. Hepatitis A vaccine is given as two doses 6 to 12 ' +
  'months apart, but a single dose at least two weeks before travel offers good short-term protection. For typhoid, ' +
  'the injection should be given at least two weeks before travel and protects for about three years, whereas the ' +
  'oral vaccine is three capsules taken on alternate days, finished at least one week before departure.';

const KINDERGARTEN =
  'Sunflower Kindergarten opens at 7:30 and closes at 18:00 on weekdays. Children in the Nursery group (ages 2–3) ' +
  'must be collected by 16:30, while the Pre-school group (ages 4–6) may stay until closing time.';

const BRIOCHE =
  'Our loaf recipe: mix 500 g bread flour, 350 ml warm water, 8 g instant yeast and 10 g salt, then bake for 40 ' +
  'minutes. The brioche uses the same 500 g of flour but 300 ml of milk and only 3 g of yeast. Brioche dough rests ' +
  'overnight in the fridge, then is baked at 190 °C for 25 minutes.';

const RAW_MEAT =
  '生肉在冷藏室（0–4℃）中可保存1至2天，在−18℃以下的冷冻室中可保存3个月。熟食放凉后应在2小时内放入冰箱，冷藏保存不超过3天。';
const SCHOOL_YEARS =
  'Children in Reception and Year 1 are collected from their classroom door, while pupils in Years 2 to 6 are ' +
  'dismissed from the main playground. Pupils in Years 5 and 6 may walk home alone only if a parent has signed the ' +
  'independent travel form.';
const SAVERS =
  "Brightwell Bank's Easy Saver pays 3.10% AER variable on balances from £1 and allows unlimited withdrawals. " +
  'The 1-Year Fixed Saver pays 4.25% AER fixed and needs a minimum deposit of £1,000.';
const SIM_PLANS =
  'Skyline Mobile offers two SIM-only plans, both on a 12-month contract. The Max plan costs £18 per month, although ' +
  'speeds are reduced to 2 Mbps once you pass 150 GB in a billing month.';
const LIBRARY_CARDS =
  '市图书馆读者证分为普通证和少儿证。普通证可同时借阅图书10册，借期30天；少儿证可借5册，借期21天。图书在到期前可通过微信公众号续借一次，续借期为15天。';
const TWO_MOUNTAINS =
  '泰山位于山东省泰安市，主峰玉皇顶海拔1545米，1987年被列入世界文化与自然双重遗产。' +
  '黄山位于安徽省黄山市，最高峰莲花峰海拔1864米，1990年被列入世界遗产名录。';
const MEETING_SUITES =
  'The Larchmont Conference Centre has two meeting suites. The Oak Suite holds up to 80 delegates theatre-style or 48 ' +
  'in a classroom layout, while the Birch Suite holds 40 theatre-style or 24 classroom.';
const VISAS =
  'The Tourist Visa costs €60 and allows a stay of up to 30 days; the Business Visa costs €95 and allows up to 90 ' +
  'days within any 180-day period.';
const AIR_FARES =
  'Economy Light fares do not include checked baggage, Economy Standard fares include one checked bag of up to 23 kg, ' +
  'and Business Class fares include two checked bags of up to 32 kg each.';
const EYE_TESTS =
  'Other adults pay £25 for a standard eye test, or £40 for a test that includes an OCT retinal scan. Accidental ' +
  'damage is covered only if you add our £15 Care Plan at purchase.';
const TANK = 'The tank holds 50 litres of water. Refill it weekly.';
const BAGGAGE = '每位旅客可免费托运行李20公斤，超出部分按每公斤30元收费。';

const CONTAINER = 'A 20-foot container holds about 33 cubic metres. The ferry crosses at 18 knots.';

const TREADMILLS = 'X5跑步机最高速度为20公里/小时，坡度可调；X3跑步机最高速度为16公里/小时，不支持坡度调节。';

const cases: ClaimCase[] = [
  [
    'a speed written with a slash, given to the other treadmill',
    TREADMILLS,
    'X3跑步机的最高速度能达到每小时20公里。',
    'contradicted',
    'number',
  ],
  ['a speed written with a slash, said per hour', TREADMILLS, 'X3跑步机的最高速度是每小时16公里。', 'verified', ''],
  [
    'cubic metres said as cubic feet',
    CONTAINER,
    'A 20-foot container holds about 33 cubic feet.',
    'contradicted',
    'unit',
  ],
  ['knots said as kilometres an hour', CONTAINER, 'The ferry crosses at 18 km/h.', 'contradicted', 'unit'],
  ['litres said as gallons', TANK, 'The tank holds 50 gallons of water.', 'contradicted', 'unit'],
  ['litres worked out as gallons', TANK, 'The tank holds about 13 gallons of water.', 'verified', ''],
  ['kilograms said as 斤, the half-kilogram', BAGGAGE, '每位旅客可免费托运20斤行李。', 'contradicted', 'unit'],
  ['kilograms worked out as 斤', BAGGAGE, '每位旅客可免费托运40斤行李。', 'unverified', ''],
  [
    'a date the source gives nowhere, in a sentence that words the rest its own way, is a changed date',
    'Temperature and rainfall records at Valmont Airport go back to 1948. The highest temperature recorded there is 41.3 °C, on 2 August 2003, and the lowest is −19.6 °C, on 9 January 1985.',
    "Valmont Airport's record high of 41.3 °C was set on 2 August 2006.",
    'contradicted',
    'date',
  ],
  [
    'a date the source gives to another of its events is no changed date where the sentence rests loosely',
    'France began building a canal across Panama in 1881 under Ferdinand de Lesseps, but abandoned the work in 1889 after disease and bankruptcy. The United States took over the project in 1904.',
    'The French effort led by de Lesseps collapsed in 1889, defeated by disease and a lack of money.',
    'unverified',
    '',
  ],
  [
    'a year alone the source gives nowhere is as often another event the answer adds',
    '2008年北京奥运会于8月8日晚8时在国家体育场开幕，共有204个国家和地区的代表团参赛。中国代表团获得48枚金牌，位列金牌榜第一。',
    '2022年北京冬奥会是北京第二次举办奥运会，北京也因此成为首个“双奥之城”。',
    'unverified',
    '',
  ],
  [
    'a worked example brings dates of its own',
    'Claims for unfair dismissal must be brought within 3 months less one day of the effective date of termination. Issuing a claim in the tribunal is free, as fees were abolished on 26 July 2017.',
    'If your employment ended on 10 March, the deadline for an unfair dismissal claim is 9 June.',
    'unverified',
    '',
  ],
  [
    'a lower bound above a starting price is no bound past it',
    'The museum shop sells prints from £10.',
    'The museum shop sells prints over £12.',
    'unverified',
    '',
  ],
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
  [
    'micrograms are not milligrams',
    TABLETS,
    'Adults take one 250 microgram capsule every 6 hours.',
    'contradicted',
    'unit',
  ],
  ['mcg is read as micrograms', TABLETS, 'Adults take a 250,000 mcg capsule every 6 hours.', 'verified', ''],
  ['°F is not °C', OVEN, 'Roast the squash at 200°F for 35 minutes.', 'contradicted', 'unit'],
  ['a temperature converted as a recipe rounds it', OVEN, 'Roast the squash at 390°F for 35 minutes.', 'verified', ''],
  [
    '"aged 8 to 14 may take" gives ages, no date, and the 14 is not the 12 hours',
    TABLETS,
    'For children aged 8 to 14, the dose is one capsule every 6 hours.',
    'contradicted',
    'number',
  ],
  [
    'a sentence of several values whose others are all of one source sentence restates that sentence',
    PROGRAMMES,
    'The Intensive programme cleans up to 14 place settings at 45°C and takes 2 hours 10 minutes.',
    'contradicted',
    'number',
  ],
  [
    'the same sentence said right',
    PROGRAMMES,
    'The Intensive programme handles up to 14 place settings at 70°C and takes 2 hours 10 minutes.',
    'unverified',
    '',
  ],
  [
    'a value of another kind binds the clause: "above £20,000" is the clause of 5.9%',
    LOANS,
    'Existing members borrowing more than £20,000 pay 7.4% APR.',
    'contradicted',
    'number',
  ],
  ['the bound value said right', LOANS, 'Existing members borrowing more than £20,000 pay 5.9% APR.', 'unverified', ''],
  [
    'a bound four characters before its number (最多可以预约)',
    ARENA,
    '会员每个月最多可以预约三次私教课。',
    'contradicted',
    'number',
  ],
  ['the bound said right', ARENA, '会员每个月最多可以预约两次私教课。', 'verified', ''],
  [
    'numbers listed before a unit share it: weeks, not days',
    VACCINES,
    'The 5-in-1 vaccine is given at 6, 10 and 14 days.',
    'contradicted',
    'unit',
  ],
  ['the list said right', VACCINES, 'The 5-in-1 jab is given three times, at 6, 10 and 14 weeks.', 'unverified', ''],
  [
    'a total the clause says it adds up (合计) is worked out',
    PENSION,
    '公司和个人合计按工资基数的16%缴纳企业年金。',
    'unverified',
    '',
  ],
  [
    'a total that is no sum of the source values',
    PENSION,
    '公司和个人合计按工资基数的20%缴纳企业年金。',
    'contradicted',
    'number',
  ],
  ['月龄 is an age in months, not a month of the year', INFANT, '第二剂在6月龄接种。', 'contradicted', 'number'],
  ['the age said right', INFANT, '第二剂在4月龄接种。', 'verified', ''],
  ['a version after a lowercase "firmware"', FIRMWARE, 'Night mode came with firmware 2.4.', 'contradicted', 'number'],
  [
    'two values paired the other way from a sentence that sets both pairs side by side',
    SETUP,
    'Setup costs $45 if you pick a 36-month plan.',
    'contradicted',
    'number',
  ],
  [
    'a changed unit does not hide its sentence: it still rests on the source',
    SPONGE,
    'Preheat your oven to 190 °F first.',
    'contradicted',
    'unit',
  ],
  ['nor does a changed date', LEAVE, 'Any unused days beyond those lapse on 30 June.', 'contradicted', 'date'],
  [
    'a changed number in a sentence that rests on the source',
    SPONGE,
    'Preheat your oven to 210 °C.',
    'contradicted',
    'number',
  ],
  [
    'a changed number in a sentence that shares little else stays unverified: it may be worked out',
    SPONGE,
    'Whisk in 240 g of sugar in total, in two lots.',
    'unverified',
    '',
  ],
  [
    'a changed speed limit',
    SCOOTERS,
    'In the pedestrian zones, e-scooters are limited to 10 km/h.',
    'contradicted',
    'number',
  ],
  [
    "one shift's hours given to the other, whose clause leaves the verb unsaid",
    SHIFTS,
    'The late shift runs from 7:00 to 15:00.',
    'contradicted',
    'name',
  ],
  ['the hours said right', SHIFTS, 'The late shift runs from 15:00 to 23:00.', 'unverified', ''],
  ['pence are a price', TARIFF, 'The Fixed tariff charges 26.4p per kWh.', 'contradicted', 'number'],
  ['the price said in pounds', TARIFF, 'The Fixed tariff charges £0.246 per kWh.', 'verified', ''],
  ['the pair said right', SETUP, 'Setup costs $45 if you pick an 18-month plan.', 'unverified', ''],
  [
    'a difference said after what the amount is per',
    ECONOMY_7,
    'With Economy 7, off-peak electricity is 20.3p per kWh cheaper than during the day.',
    'unverified',
    '',
  ],
  [
    'a difference that is not the one the values make',
    ECONOMY_7,
    'During off-peak hours Economy 7 charges 20.3p per kWh.',
    'contradicted',
    'number',
  ],
  [
    'a time worked out from another time the claim gives',
    MARATHON,
    'The course closes at 14:00, six hours after the 8:00 start.',
    'unverified',
    '',
  ],
  [
    'a closing time that is not six hours after the start',
    MARATHON,
    'The course closes at 15:00, six hours after the 8:00 start.',
    'contradicted',
    'number',
  ],
  [
    "a bare number that writes the source's version as it is",
    PLANNER,
    "4.2.0 makes the new query planner the default, but you can still switch the old one back on with planner_mode = legacy until it's removed in 5.0.",
    'unverified',
    '',
  ],
  [
    'the same number in another unit, across languages',
    VACCINES_ABROAD,
    '去黄热病风险地区的话，黄热病疫苗至少要在出发前10周接种。',
    'contradicted',
    'unit',
  ],
  [
    'the same length of time, across languages',
    VACCINES_ABROAD,
    '去黄热病风险地区的话，黄热病疫苗至少要在出发前10天接种。',
    'unverified',
    '',
  ],
  [
    "the clause that says the claim's verb as the claim does holds its value, not the one that says it the other way",
    KINDERGARTEN,
    'The kindergarten closes at 18:00.',
    'unverified',
    '',
  ],
  [
    'a closing time changed, compared with the closing time',
    KINDERGARTEN,
    'The kindergarten closes at 17:00.',
    'contradicted',
    'number',
  ],
  [
    'a time on the twelve-hour clock is the afternoon time a 24-hour clock writes, and ages are no times',
    KINDERGARTEN,
    'Pre-schoolers aged 4–6 can stay right up until the kindergarten closes at 6 pm, but nursery children have to be picked up earlier, by 4:30.',
    'unverified',
    '',
  ],
  ['a pick-up time changed', KINDERGARTEN, 'Nursery children have to be picked up by 17:30.', 'contradicted', 'number'],
  [
    'the digit groups of a phone number measure nothing, though a length of time comes before them',
    CLINIC,
    "You'll need to cancel at least two days ahead by phoning 0161 555 0142.",
    'unverified',
    '',
  ],
  [
    'a Chinese clock time goes on with a word, not a minute: 三点 then 一直',
    WARD,
    '儿科病房每天开放探视4个小时，从下午三点一直到晚上七点。',
    'unverified',
    '',
  ],
  ['a Chinese clock time changed', WARD, '儿科病房从下午四点到晚上七点可以探视。', 'contradicted', 'number'],
  [
    "a changed number in a loosely worded sentence, where the source's one value of its kind measures the same word",
    THERMOSTAT_PRICES,
    "Both thermostats come with a 3-year limited warranty, so you're covered for a good while.",
    'contradicted',
    'number',
  ],
  [
    "the source's one value of its kind in another unit, in a loosely worded sentence",
    THERMOSTAT_PRICES,
    "Both thermostats come with a 24-month limited warranty, so you're covered for a good while.",
    'unverified',
    '',
  ],
  [
    '日 after a number no month reaches is a number of days',
    BENEFIT,
    'You have 60 weeks from the end of your contract to register as unemployed.',
    'contradicted',
    'unit',
  ],
  [
    'a number of days said in days',
    BENEFIT,
    'You must register as unemployed within 60 days of your contract ending.',
    'unverified',
    '',
  ],
  [
    'a text that writes an hour past 12 writes the 24-hour clock: its 9:00 is not 21:00',
    BOARDING,
    'You can drop off or collect your pet any day between 9:00 and 21:00.',
    'contradicted',
    'number',
  ],
  [
    'the same hours in another language',
    BOARDING,
    'You can drop off or collect your pet any day between 9:00 and 19:00.',
    'unverified',
    '',
  ],
  [
    '每周六 is every Saturday: a weekly day the source gives the other class',
    JAPANESE_CLASSES,
    '入门班每周六上课。',
    'contradicted',
    'date',
  ],
  ['every Saturday, of the class the source gives it', JAPANESE_CLASSES, '进阶班每周六上课。', 'unverified', ''],
  [
    '"up to" past the value the source gives exactly',
    LAPTOP_BATTERY,
    "The Aero 16's battery is rated for up to 12 hours of video playback.",
    'contradicted',
    'number',
  ],
  [
    '"at least" past the value the source gives exactly',
    LAPTOP_BATTERY,
    "The Aero 16's battery lasts at least 12 hours of video playback.",
    'contradicted',
    'number',
  ],
  [
    '"up to" the value the source gives',
    LAPTOP_BATTERY,
    "The Aero 16's battery is rated for up to 10 hours of video playback.",
    'verified',
    '',
  ],
  [
    '"under" a number above the value is true of it',
    LAPTOP_BATTERY,
    'The eco programme uses under 10 litres of water per cycle.',
    'unverified',
    '',
  ],
  [
    'a changed time in a loosely worded sentence, beside a number that says which clause it speaks of',
    LAKESHORE_MARATHON,
    'Full-marathon runners need to get through the 30 km checkpoint by 11:45 to stay in the race.',
    'contradicted',
    'number',
  ],
  [
    'the same time in a loosely worded sentence',
    LAKESHORE_MARATHON,
    'Full-marathon runners need to get through the 30 km checkpoint by 11:15 to stay in the race.',
    'unverified',
    '',
  ],
  [
    '相差 before a number says how far two values are apart',
    PEAK_TARIFF,
    '峰时段和谷时段的电价每千瓦时相差0.28元。',
    'unverified',
    '',
  ],
  ['a price changed beside its period', PEAK_TARIFF, '谷时段电价为0.388元/千瓦时。', 'contradicted', 'number'],
  [
    'a length of time changed, beside a phone number',
    CLINIC,
    'Cancel at least 24 hours ahead by calling 0161 555 0142.',
    'contradicted',
    'number',
  ],
  [
    'a version is not another value of an address',
    'Firmware 4.2.1 for the router was released on 14 March 2024. The guest network now uses the 192.168.50.0/24 range instead of 192.168.2.0/24.',
    'Version 4.2.1 moves the guest network from 192.168.2.0/24 to 192.168.50.0/24.',
    'unverified',
    '',
  ],
  [
    'a changed address is still one',
    'Firmware 4.2.1 for the router was released on 14 March 2024. The guest network now uses the 192.168.50.0/24 range instead of 192.168.2.0/24.',
    'Version 4.2.1 moves the guest network from 192.168.2.0/24 to 192.168.60.0/24.',
    'contradicted',
    'number',
  ],
  ["a range within another thing's bound", RAW_MEAT, '生肉放在0–4℃的冷藏室里可以保存1到2天。', 'unverified', ''],
  [
    "a value the thing's sentence gives in a clause going on about it, below zero",
    RAW_MEAT,
    '生肉放在−18℃以下冷冻，大约能存放一个季度。',
    'unverified',
    '',
  ],
  [
    'a changed length of time for the same thing',
    RAW_MEAT,
    '生肉放在0–4℃的冷藏室里可以保存5天。',
    'contradicted',
    'number',
  ],
  [
    'a minus sign after a Chinese word is below zero',
    '冷冻食品应在−18℃以下保存，可保存3个月。',
    '冷冻食品应在18℃以下保存，可保存3个月。',
    'contradicted',
    'number',
  ],
  [
    'the end of a range that starts in the afternoon is in the afternoon',
    'The Riverside After-School Club runs from 3:15pm to 6:00pm on school days for pupils aged 5 to 11.',
    '俱乐部在上学日的下午3:15至6:00开放。',
    'unverified',
    '',
  ],
  [
    'a changed end of such a range',
    'The Riverside After-School Club runs from 3:15pm to 6:00pm on school days for pupils aged 5 to 11.',
    '俱乐部在上学日的下午3:15至5:00开放。',
    'contradicted',
    'number',
  ],
  [
    '"Year 5 and 6" and "Years 5 and 6" name the same years',
    SCHOOL_YEARS,
    'Year 5 and 6 children can make their own way home, but only after a parent has signed the independent travel form.',
    'unverified',
    '',
  ],
  [
    'other years given the rule',
    SCHOOL_YEARS,
    'Year 3 and 4 children may walk home alone if a parent has signed the independent travel form.',
    'contradicted',
    'number',
  ],
  [
    'a word the claim denies does not bind its value to the clause that says it',
    SAVERS,
    "The Easy Saver can be opened with just £1, though its 3.10% AER rate isn't fixed and may change.",
    'unverified',
    '',
  ],
  [
    "the other account's rate given to it",
    SAVERS,
    "The Easy Saver can be opened with just £1, though its 4.25% AER rate isn't fixed and may change.",
    'contradicted',
    'number',
  ],
  [
    'a name a count takes for its noun is named, and "in a month" after an amount is its period',
    SIM_PLANS,
    'Skyline has two 12-month SIM-only deals; Max costs £18 a month and slows to 2 Mbps after 150 GB in a month.',
    'unverified',
    '',
  ],
  [
    'the amount changed',
    SIM_PLANS,
    'Skyline has two 12-month SIM-only deals; Max costs £18 a month and slows to 2 Mbps after 100 GB in a month.',
    'contradicted',
    'number',
  ],
  [
    'teaspoons are not tablespoons',
    'Toss the thighs with 2 tbsp olive oil and 4 crushed garlic cloves.',
    'Coat the thighs in 2 tsp of olive oil along with 4 crushed garlic cloves.',
    'contradicted',
    'unit',
  ],
  [
    'working days are a unit of their own, in English',
    'Final numbers must be confirmed 10 working days before the event.',
    'You need to confirm final numbers 10 weeks before the event.',
    'contradicted',
    'unit',
  ],
  [
    'and in Chinese',
    '理赔申请须在快件寄出之日起30天内提出，审核通过后3个工作日内打款。',
    '理赔申请可以在快件寄出后的30个工作日内提出。',
    'contradicted',
    'unit',
  ],
  [
    '最后一个工作日 says which day, not how many',
    'Staff are paid on the last working day of each month, and payslips are available three days earlier.',
    '员工在每月最后一个工作日领取工资。',
    'unverified',
    '',
  ],
  [
    'a clause that leaves its thing unsaid gives its value to the thing before it',
    LIBRARY_CARDS,
    '普通证每次可借10册，借期21天；少儿证可借5册，借期30天。',
    'contradicted',
    'number',
  ],
  [
    'the same values where the source gives them',
    LIBRARY_CARDS,
    '普通证每次可借10册，借期30天；少儿证可借5册，借期21天。',
    'unverified',
    '',
  ],
  [
    'a thing inside another word (续借期) is not the thing',
    LIBRARY_CARDS,
    '图书到期前可以通过微信公众号续借一次，续借期为15天。',
    'verified',
    '',
  ],
  [
    'a Chinese source that speaks of two things a sentence each gives each its own values',
    TWO_MOUNTAINS,
    '泰山是1990年列入世界遗产名录的。',
    'contradicted',
    'date',
  ],
  ["the other mountain's height given to it", TWO_MOUNTAINS, '黄山海拔1545米。', 'contradicted', 'number'],
  [
    'each value given to its own mountain',
    TWO_MOUNTAINS,
    '黄山最高峰海拔1864米，1990年列入世界遗产名录。',
    'unverified',
    '',
  ],
  [
    'a comparison of the two things says both sides at once, not one side crossed into the other',
    MEETING_SUITES,
    'In either layout the Oak Suite takes twice as many people as the Birch Suite: 80 against 40 theatre-style, and 48 against 24 set up as a classroom.',
    'unverified',
    '',
  ],
  [
    'the two things swapped',
    MEETING_SUITES,
    'The Birch Suite holds up to 80 delegates theatre-style, while the Oak Suite holds 40.',
    'contradicted',
    'name',
  ],
  [
    '"instead of" compares the two things',
    VISAS,
    'Opting for the Business Visa instead of the Tourist Visa costs €35 more, but it triples the permitted stay from 30 to 90 days.',
    'unverified',
    '',
  ],
  [
    'the two visas swapped',
    VISAS,
    'The Tourist Visa costs €95 and allows up to 90 days, while the Business Visa allows 30 days.',
    'contradicted',
    'name',
  ],
  [
    '比 … 贵 compares the two tiers',
    '年用气量在0至360立方米（含）的部分为第一阶梯，价格为每立方米2.61元；超过600立方米的部分为第三阶梯，每立方米3.91元。',
    '第三阶梯的气价比第一阶梯每立方米贵1.30元，分别是3.91元和2.61元。',
    'unverified',
    '',
  ],
  [
    'a first word shared by two names is no swap of one for the other',
    AIR_FARES,
    'Economy Standard fares include one checked bag of up to 23 kg, while Business Class fares include two checked bags of up to 32 kg each.',
    'verified',
    '',
  ],
  [
    'the other fare given the bag',
    AIR_FARES,
    'Economy Light fares include one checked bag of up to 23 kg.',
    'contradicted',
    'name',
  ],
  [
    'a Chinese sentence that opens with a name of two words (S7 Pro) does not own what the first word alone names',
    '安居S7智能门锁支持指纹和密码开锁，最多可录入100组指纹。门锁使用8节5号碱性电池供电，正常使用约可续航12个月。S7 Pro在此基础上增加了人脸识别，改用5000mAh锂电池，充满电约可使用6个月。',
    'S7装一次电池大约能用一年，需要8节5号碱性电池。',
    'unverified',
    '',
  ],
  [
    'a changed time of day in a sentence that rests on the source is shown, as a date is',
    'Bins must be at the kerb by 6:30 a.m. on collection day and brought back in by 8 p.m. Garden-waste collection is suspended from December to February.',
    "Your bins can go out as late as 7:30 a.m. on collection day, as long as they're brought back in by 8 p.m.",
    'contradicted',
    'number',
  ],
  [
    'counts of two named things swapped',
    'Up to 64 Zigbee devices and 32 Wi-Fi devices can be paired to one hub.',
    'One hub supports up to 32 Zigbee devices and 64 Wi-Fi devices.',
    'contradicted',
    'number',
  ],
  [
    'the counts where the source gives them',
    'Up to 64 Zigbee devices and 32 Wi-Fi devices can be paired to one hub.',
    'One hub supports up to 64 Zigbee devices and 32 Wi-Fi devices.',
    'unverified',
    '',
  ],
  [
    '"an extra £15" may be worked out from two of the source\'s prices',
    EYE_TESTS,
    'Adding the OCT retinal scan to a standard eye test costs an extra £15.',
    'unverified',
    '',
  ],
  [
    'an extra amount no two prices make',
    EYE_TESTS,
    'Adding the OCT retinal scan to a standard eye test costs an extra £20.',
    'contradicted',
    'number',
  ],
  [
    'a dotted number set against versions is one',
    APP_RELEASE,
    "If your app is older than version 6.8, you'll be prompted to update before you're able to log in.",
    'unverified',
    '',
  ],
  ['Earth days are days', MARS, 'A Martian year lasts 687 days, and a sol lasts 24 hours 39 minutes.', 'verified', ''],
  [
    'Earth days against Earth years are a change of unit',
    'Jupiter completes one rotation in about 9 hours 56 minutes, but takes about 11.9 Earth years to orbit the Sun.',
    'Jupiter needs about 11.9 Earth days to complete one orbit of the Sun.',
    'contradicted',
    'unit',
  ],
  [
    "a range inside the source's range says less, not otherwise",
    LETTUCE,
    'You can usually start harvesting roughly six to seven weeks after sowing.',
    'unverified',
    '',
  ],
  [
    "a range past the source's range differs",
    LETTUCE,
    'You can usually start harvesting roughly eight to nine weeks after sowing.',
    'contradicted',
    'number',
  ],
  [
    'a year after AD is a date',
    'The fort was built in AD 122 under Hadrian and abandoned in the early 400s.',
    'The fort went up in AD 128, during the reign of Hadrian.',
    'contradicted',
    'date',
  ],
  [
    '千年 is a length of time, not the year 1000',
    MOGAO,
    'Carving at Mogao went on for about a thousand years.',
    'unverified',
    '',
  ],
  [
    'first class across languages is 一等座',
    G1_FARES,
    'A first-class seat on G1 is priced at 1,160 yuan.',
    'contradicted',
    'number',
  ],
  [
    "noon is a time of day: two times given each other's days",
    'The market opens at 10 a.m. on Saturdays and at noon on Sundays.',
    'The market opens at noon on Saturdays and at 10 a.m. on Sundays.',
    'contradicted',
    'number',
  ],
  [
    'midnight is the time 24:00 writes',
    '夜间停车时段为每天18:00至24:00，每小时收费2元。',
    'Night parking runs from 6 p.m. to midnight and costs 2 yuan an hour.',
    'unverified',
    '',
  ],
  [
    'midnight against another time of day',
    'The library closes at 22:00 on weekdays.',
    'On weekdays the library stays open until midnight.',
    'contradicted',
    'number',
  ],
  [
    'a named time only after a word that gives a time: "the midday meal" names a meal',
    'Lunch is served from 12:30 to 14:00 and costs €9.',
    'The midday meal costs €9 and is served from 12:30.',
    'unverified',
    '',
  ],
  [
    '"7.30pm" is the time 19:30 writes',
    'The evening guided tour starts at 19:30 and lasts 90 minutes.',
    'The evening guided tour starts at 7.30pm and lasts an hour and a half.',
    'verified',
    '',
  ],
  [
    '"7.30pm" against another time',
    'The evening guided tour starts at 19:00 and lasts 90 minutes.',
    'The evening guided tour starts at 7.30pm.',
    'contradicted',
    'number',
  ],
  [
    '"between May and September" is one span, not a clause of its own',
    'The Loch Ard Ferry links Tarbet Pier and Inchmurrin Island. Between May and September there are five sailings a day from Tarbet, at 9:00, 11:00, 13:00, 15:00 and 17:00. The crossing takes 35 minutes.',
    'The crossing from Tarbet to Inchmurrin takes 20 minutes, with five sailings a day between May and September.',
    'contradicted',
    'number',
  ],
  [
    "a clause that leaves its rate's period unsaid keeps the one before: the right value",
    'Bike hire costs adults €6 per hour, children €4. Helmets are included.',
    'Children pay €4 an hour for bike hire.',
    'unverified',
    '',
  ],
  [
    "a clause that leaves its rate's period unsaid keeps the one before: the other thing's value",
    'Bike hire costs adults €6 per hour, children €4. Helmets are included.',
    'Children pay €6 an hour for bike hire.',
    'contradicted',
    'number',
  ],
  [
    'a rate said of one thing, given to the thing said beside it',
    'Adults need about 2.5 litres of water a day, children about 1.5 litres.',
    'Children need about 2.5 litres of water a day.',
    'contradicted',
    'number',
  ],
  [
    "a range of ages after a name starts a range, not a version of the name: the other age group's dose",
    'Cough syrup dosing. Children 2-5 years: 10 ml twice a day. Children 6-11 years: 15 ml twice a day.',
    'Children aged 6 to 11 take 10 ml twice a day.',
    'contradicted',
    'number',
  ],
  [
    'a range of ages after a name, said as the source says it',
    'Cough syrup dosing. Children 2-5 years: 10 ml twice a day. Children 6-11 years: 15 ml twice a day.',
    'Children aged 6 to 11 take 15 ml twice a day.',
    'unverified',
    '',
  ],
  [
    "a day of the year in a clause the source sentence splits otherwise: the sentence's one day",
    'Sky events. On 9 March a partial lunar eclipse will be visible from Asia, Australia and the Pacific.',
    'The partial lunar eclipse visible from Asia, Australia and the Pacific happens on 19 March.',
    'contradicted',
    'date',
  ],
  [
    "a value in a clause the source sentence splits otherwise: the sentence's one value of its kind",
    'The Coastal Express bus from the airport to the old town, with stops at the ferry port and the university, takes 35 minutes.',
    'From the airport to the old town the Coastal Express needs 50 minutes, stopping at the ferry port and the university.',
    'contradicted',
    'number',
  ],
  [
    "a month said alone holds the source sentence's day in it",
    'Sky events. On 9 March a partial lunar eclipse will be visible from Asia, Australia and the Pacific.',
    'The partial lunar eclipse visible from Asia, Australia and the Pacific happens in March.',
    'unverified',
    '',
  ],
  [
    '"12 noon" is a time of day: 12:00',
    'The pool is open for lane swimming from 7 am to 12 noon on weekdays.',
    'Lane swimming on weekdays finishes at 12:00.',
    'unverified',
    '',
  ],
  [
    'a list of times is one clause: the last of them is said of the same thing',
    'The guided tour lasts 90 minutes and departs from the main lobby at 10:00, 13:00 and 15:30 daily. Groups are capped at 20 people.',
    'The last departure of the day leaves the main lobby at 3:30 pm.',
    'unverified',
    '',
  ],
  [
    'two days joined by "and" are one list of the clause that names them',
    "The women's first team trains on Tuesdays and Thursdays at 19:00 at the Eastfield ground. The men's first team trains on Mondays and Wednesdays at 18:30 at Kingsway Sports Centre.",
    "The women's first team trains at Eastfield on Tuesdays and Thursdays at 7 pm, and the men's side at Kingsway Sports Centre on Mondays and Wednesdays at 6:30.",
    'unverified',
    '',
  ],
  [
    'a time after a comma that starts no list is a clause of its own',
    '两次用药间隔不得少于4小时，24小时内不超过4次。',
    '两次用药之间至少要间隔6小时。',
    'contradicted',
    'number',
  ],
  [
    'a clause of two values of one kind is bound by its numbered name',
    'The Fibre 100 plan offers download speeds of up to 100 Mbps and upload speeds of up to 20 Mbps. The Fibre 1000 plan offers up to 1 Gbps download and 500 Mbps upload.',
    'Fibre 1000 gives you downloads of up to 1,000 Mbps and uploads of up to 500 Mbps.',
    'unverified',
    '',
  ],
  [
    'two values of one kind traded between versions, bound by the version named',
    'Connection pooling is enabled by default, with a pool size of 10, up from 5 in 4.1.',
    'The default pool now holds 5 connections, compared with 10 in version 4.1.',
    'contradicted',
    'number',
  ],
  [
    "a clause of two of the source's values, each bound where the source gives it",
    'Tourist eVisa applications are processed in no more than 72 hours. The eVisa permits a single entry and a stay of up to 30 days.',
    'The eVisa takes three days at most to process and lets you in once for a stay of as long as 30 days.',
    'unverified',
    '',
  ],
  [
    "a value the source gives elsewhere, bound to a clause that gives another beside the claim's other value",
    '记分周期结束后30日内提交身体条件证明。记分满12分的，应当在15日内参加为期七天的学习。',
    '记分满12分的驾驶人，应当在30日内参加为期七天的学习。',
    'contradicted',
    'number',
  ],
  [
    'a changed value of the word every source value of its kind that measures it is set against',
    'A late return incurs an immediate £100 penalty, rising by £10 per day after three months, up to a maximum of £900.',
    'File late and you will face an immediate £200 penalty, with £10 daily charges added once three months have passed.',
    'contradicted',
    'number',
  ],
  [
    'the same value of the word every source value of its kind that measures it',
    'A late return incurs an immediate £100 penalty, rising by £10 per day after three months, up to a maximum of £900.',
    'File late and you will face an immediate £100 penalty, with £10 daily charges added once three months have passed.',
    'unverified',
    '',
  ],
  [
    'a count of the values its own clause lists',
    'The MMR vaccine protects against measles, mumps and rubella and is given as two doses: the first at 12-13 months and the second at 3 years 4 months. The 6-in-1 vaccine is given at 8, 12 and 16 weeks of age.',
    'Babies get the 6-in-1 vaccine in three doses at 8, 12 and 16 weeks, and the MMR in two doses, at 12-13 months and at 3 years 4 months.',
    'unverified',
    '',
  ],
  [
    'a price per pound against the same price per kilogram',
    'Our house blend costs $24 per kg, and single-origin beans start at $31 per kg.',
    'Single-origin beans start at $31 per pound.',
    'contradicted',
    'unit',
  ],
  [
    'a price said without the weight it is per',
    'Our house blend costs $24 per kg, and single-origin beans start at $31 per kg.',
    'Single-origin beans start from $31.',
    'verified',
    '',
  ],
  [
    'a price per pound that is the same price per kilogram',
    'Single-origin beans cost $11 per kg.',
    'Single-origin beans cost $5 per pound.',
    'verified',
    '',
  ],
  [
    'a bound on a price per pound that the price per kilogram keeps',
    'Single-origin beans cost $11 per kg.',
    'Single-origin beans cost less than $6 per pound.',
    'unverified',
    '',
  ],
  [
    'a price per kilo against the same per kg',
    'Our house blend costs $24 per kg, and single-origin beans start at $31 per kg.',
    'Single-origin beans start at $31 a kilo.',
    'verified',
    '',
  ],
  [
    'a changed day of a date whose year a heading gives alone',
    'Hartfield College — 2026/27 term dates. The autumn term runs from Monday 7 September to Friday 11 December 2026.',
    'Autumn teaching finishes on Friday 18 December 2026.',
    'contradicted',
    'date',
  ],
  [
    'a time bound by the days said before its clause',
    '课后托管服务于开学第二周启动，周一至周四托管至17:30，周五托管至16:30。托管费每学期400元。',
    '周一至周四，孩子可以在学校托管到下午4点半。',
    'contradicted',
    'number',
  ],
  [
    'a time bound by the days said before its clause, restated',
    '课后托管服务于开学第二周启动，周一至周四托管至17:30，周五托管至16:30。托管费每学期400元。',
    '周一至周四，孩子可以在学校托管到下午5点半。',
    'unverified',
    '',
  ],
];

describe('ClaimSupportVerifier on values and the things they belong to', () => {
  judgeEach(cases);

  it('names, of a clause that gives two dates, the one the claim changed', () => {
    const support = new ClaimSupportVerifier().check('Autumn teaching finishes on Friday 18 December 2026.', [
      {
        citationId: 'E1',
        text: 'Hartfield College — 2026/27 term dates. The autumn term runs from Monday 7 September to Friday 11 December 2026.',
      },
    ]);
    expect(support.citations[0]!.evidence?.conflict?.source).toBe('11 December 2026');
  });
});

describe('the values a clause reads', () => {
  it('reads "£68 and a half day" as £68: a price is not halved', () => {
    expect(profileClaims('A full day costs £68 and a half day £40.').quantities[0]!.value).toBe(68);
  });

  it('reads no number across a full-width comma between two clauses: "信道为 1，5GHz 频段"', () => {
    const values = profileClaims('2.4GHz 频段默认信道为 1，5GHz 频段默认信道为 149。').quantities;
    expect(values.map((quantity) => quantity.text)).toContain('5GHz');
  });

  it('keeps a value said in words with "and" in one clause: "two and a half hours"', () => {
    const [sentence] = profileClaims('The crossing takes two and a half hours.').sentences;
    expect(sentence!.clauses).toHaveLength(1);
    expect(sentence!.clauses[0]!.quantities.map((quantity) => quantity.value)).toEqual([9000]);
  });

  const classes = (text: string) => profileClaims(text).quantities.map((quantity) => quantity.cls);

  it.each([
    ['a number word after a capitalised word counts', 'Whisk four egg yolks with the sugar', ['count:egg']],
    ['a number word after a name in capitals', 'Enter a wrong PIN five times', ['bare']],
    ["a capitalised number word is the name's", 'Calmex Six Plus is for older children', ['version:calmex']],
    ["a name's number in digits", 'Apollo 11 landed in July 1969', ['version:apollo', 'date']],
    ['an age without its unit counts nothing after it', 'Children aged 4 to 6 take half a tablet', ['bare', 'bare']],
    ['a stage numbered before its length is no range', 'Stage 2 – 18 km', ['version:stage', 'length']],
    ['Hong Kong dollars are money of their own', '最便宜的一档票价是380港元', ['money:hkd']],
    ['a speed written with a slash after a Chinese unit', '最高速度为20公里/小时', ['length/time']],
    ['an area in hectares and a volume in gallons', '3 hectares and 5 gallons', ['area', 'volume']],
    [
      "a currency sign before the next amount is not the number's",
      'Grade 1 £45, Grade 2 £48',
      ['version:grade', 'money:gbp', 'version:grade', 'money:gbp'],
    ],
    ['an age in full years counts years of age', '单身申请人须年满30周岁', ['count:岁']],
    ['a currency sign after the amount', 'Parking costs 7,50 € a day', ['money:eur/time']],
    ['a speed in km/s', 'Light moves at about 300,000 km/s', ['length/time']],
    ['"and a half" after digits', 'The crossing takes 2 and a half hours', ['time']],
    ['a full-width comma that groups thousands', '押金共1，000元', ['money:cny']],
    ['a span of dates joined by a hyphen', 'Peak season (1 June-15 September) costs more', ['date', 'date']],
    ['a span of hours joined by a hyphen', 'The desk is staffed 9am-5pm daily', ['clock', 'clock', 'period']],
    ['a span of hours written with points', 'The desk is staffed 9a.m-5p.m daily', ['clock', 'clock', 'period']],
    [
      'an age ending its sentence keeps no unit of the clause before',
      'Take it every 4 to 6 hours, and the same dose applies to children aged 10 to 15',
      ['time', 'time', 'bare', 'bare'],
    ],
  ])('%s: "%s"', (_name, text, expected) => {
    expect(classes(text)).toEqual(expected);
  });

  it.each([
    ['飞行时间为七小时四十五分钟。', [27900]],
    ['全程约2小时30分。', [9000]],
    ['比赛共进行了一小时二十分钟。', [4800]],
  ])('reads a Chinese duration of hours and minutes as one: "%s"', (text, expected) => {
    expect(profileClaims(text).quantities.map((quantity) => quantity.value)).toEqual(expected);
  });

  it.each([
    ['按日利率万分之五计息', [0.05]],
    ['收取千分之三的手续费', [0.3]],
    ['这一项占20分', [20]],
    ['每一项15分', [15]],
  ])('reads a share per mille or per ten thousand, and not "这一" as a count: "%s"', (text, expected) => {
    expect(profileClaims(text).quantities.map((quantity) => quantity.value)).toEqual(expected);
  });

  const clocks = (text: string) =>
    profileClaims(text)
      .quantities.filter((quantity) => quantity.cls === 'clock')
      .map((quantity) => `${Math.floor(quantity.value / 60)}:${String(quantity.value % 60).padStart(2, '0')}`);

  it.each([
    ['The library opens at half past eight.', ['8:30']],
    ['Doors close at a quarter to nine.', ['8:45']],
    ['Collection is from a quarter past 6 pm.', ['18:15']],
    ['The clinic runs from nine in the morning until six in the evening.', ['9:00', '18:00']],
    ['The bar stays open until eleven at night.', ['23:00']],
    ["The gates shut at ten o'clock.", ['10:00']],
  ])('reads a time of day said in words: "%s"', (text, expected) => {
    expect(clocks(text)).toEqual(expected);
  });

  it.each([
    ['Take 2 in the morning with water.'],
    ['Allow five to ten minutes for the glue to set.'],
    ['Pick up ten past orders at the desk.'],
  ])('reads no time of day where the words count or range: "%s"', (text) => {
    expect(clocks(text)).toEqual([]);
  });

  const periods = (text: string) =>
    profileClaims(text)
      .quantities.filter((quantity) => quantity.cls === 'period')
      .map((quantity) => quantity.value / 86_400);

  it.each([
    ['Blue bins are collected every second Tuesday.', [14]],
    ['The newsletter goes out every other week.', [14]],
    ['Filters are changed every second month.', [60.875]],
    ['Doses are taken every two weeks.', [14]],
    ['Recycling is collected every Tuesday.', [7]],
  ])('reads how often a thing recurs: "%s"', (text, expected) => {
    expect(periods(text)).toEqual(expected);
  });

  const side = (text: string) =>
    profileClaims(text).quantities.map((quantity) =>
      quantity.loose ? (quantity.atLeast === true ? 'at least' : 'at most') : 'exact',
    );

  it.each([
    ['家庭人均月收入低于3500元', ['at most']],
    ['家庭人均月收入高于3500元', ['at least']],
    ['家庭人均月收入不低于3500元', ['at least']],
    ['每次借阅不超过30天', ['at most']],
    ['逾期超过30天', ['at least']],
    ['工作不足6个月', ['at most']],
    ['申请人年龄不得超过35周岁', ['at most']],
    ['室温不应低于18℃', ['at least']],
    ['A fit note is required for absences longer than 7 days.', ['at least']],
    ['Orders of more than £50 ship free.', ['at least']],
    ['Orders of less than £50 pay for delivery.', ['at most']],
  ])('reads the side "%s" bounds its value on', (text, expected) => {
    expect(side(text)).toEqual(expected);
  });
});
