import { judgeEach, stillMisjudged, type ClaimCase } from '../../../test/support/claim-cases.js';

const SPORTS = 'Neither plan pays for injuries from kitesurfing or paragliding. Skiing is included in Plus.';
const PHONES = 'The Vega 2 and Vega 2 Max share the same screen, but only the Max supports wireless charging.';
const SAUNA = 'Guests under 16 may not use the sauna unless a parent is with them. The gym opens at 6:00.';
const SNAPSHOTS = 'To restore a snapshot, the volume must first be detached from its server.';
const FILMING = 'Filming without a tripod is allowed in the main hall.';
const UPDATES = 'A minor update does not change your saved settings.';
const THINNER = 'Never pour paint thinner down the sink; it goes in the hazardous waste bin.';
const TRAILS =
  'The North Loop is a 9 km circuit with 400 m of climbing. Bikes are allowed on the River Path but are banned on ' +
  'the North Loop to protect the meadows.';
const FASTING =
  'You may take your usual medicines, but do not take any vitamin supplements on the morning of the test.';
const PROXY =
  'Changing the port only takes effect after the proxy is restarted. The log level can be changed with a reload; ' +
  'no restart is needed.';

const EXPENSES =
  'Expense claims over £500 need approval from the finance director rather than a line manager. New starters may claim no more than £200 a month.';
const ROUTER =
  'Firmware 5.1 adds WPA3 support for the guest network. Remote access is enabled by default and can be switched off in Settings.';
const HELMETS = 'Helmets are compulsory on all trails.';
const PLANS =
  'Unused minutes roll over on the Max plan, but not on the Lite plan. Colour printing is offered on A3 and A4 only.';
const STAIRS = 'Stairs wider than 1,000 mm need handrails on both sides; narrower stairs need one handrail.';

const THERMOSTATS =
  'The Halo T2 smart thermostat works with 24V HVAC systems and needs a C-wire for power; the Halo T2 Lite runs on two AA batteries and does not require a C-wire. Both models connect over 2.4GHz Wi-Fi only; 5GHz networks are not supported.';

const PUPPIES =
  'Puppies must not walk in public areas or meet unvaccinated dogs until 2 weeks after their final booster.';

const CHILDCARE =
  'Parents of children aged 3 and 4 receive 30 hours of funded childcare per week during term time. Funded hours cannot be used for children attending a school reception class.';
const MARATHON_ENTRY =
  'Marathon entries are non-transferable, but a runner who cannot race may defer their entry to next year for a $25 fee.';

const BULKY_WASTE = '大件垃圾（如旧家具、床垫）需提前通过“绿色回收”小程序预约，每次预约不超过5件，上门清运免费。';

const VACCINATION_CLINIC =
  '社区卫生服务中心的儿童预防接种门诊每周二、周四上午8:00至11:30开放，需提前通过微信公众号预约。';

const FLEXIBLE_RATE =
  'Bookings made on the Flexible rate can be cancelled free of charge until 6 pm local time on the day before ' +
  'arrival; later cancellations and no-shows are charged the first night.';
const cases: ClaimCase[] = [
  [
    'a rule turned for the case a concession names: "就算有别人预约了，也还能续借" against "已被他人预约的图书不能续借"',
    '持普通读者证每次最多可借图书10册，借期30天。图书到期前可在网上续借一次，续借期为15天，已被他人预约的图书不能续借。',
    '就算有别人预约了这本书，你也还能在网上续借一次。',
    'contradicted',
    'negation',
  ],
  [
    'a verb of not doing denies its object, before it: "avoid" says "do not take"',
    FASTING,
    'Avoid vitamin supplements on the morning of the test.',
    'unverified',
    '',
  ],
  [
    'a phrasal verb of not doing: "hold off on" says "avoid"',
    FASTING,
    'Hold off on vitamin supplements on the morning of the test.',
    'unverified',
    '',
  ],
  [
    'the denial removed',
    FASTING,
    'Take your vitamin supplements on the morning of the test.',
    'contradicted',
    'negation',
  ],
  [
    'a verb of not doing denies only what follows it',
    FASTING,
    'Take vitamin supplements on the morning of the test, and avoid coffee.',
    'contradicted',
    'negation',
  ],
  [
    'a rule said in the source’s words, after "but"',
    'Stay on the marked paths, but do not feed the animals.',
    'You must not feed the animals.',
    'verified',
    '',
  ],
  [
    'an opposite said as the state, before a phrase that places it, denies as the source does',
    SPORTS,
    'Kitesurfing and paragliding are excluded on both plans.',
    'unverified',
    '',
  ],
  ['the denial removed', SPORTS, 'Kitesurfing injuries are paid for on both plans.', 'contradicted', 'negation'],
  [
    'a clause of names only ("The Vega 2 and …") holds nothing a denial could turn; "only the Max" says the rest lack it',
    PHONES,
    "You won't be able to charge the Vega 2 on a wireless pad.",
    'unverified',
    '',
  ],
  [
    'the property denied of the one thing that has it',
    PHONES,
    'The Max does not support wireless charging.',
    'contradicted',
    'negation',
  ],
  [
    '"can only … if" states the requirement "may not … unless" states',
    SAUNA,
    'Guests under 16 can only use the sauna if a parent is with them.',
    'unverified',
    '',
  ],
  [
    '"cannot … unless" states the requirement a plain "must" states',
    SNAPSHOTS,
    'You cannot restore a snapshot unless the volume is detached from its server first.',
    'unverified',
    '',
  ],
  [
    '"without" denies its own phrase, not what the clause says of it',
    FILMING,
    "In the main hall you can film as long as you don't set up a tripod.",
    'unverified',
    '',
  ],
  [
    'a denial of the whole clause against a "without" that denies only its phrase',
    FILMING,
    'Filming is not allowed in the main hall.',
    'contradicted',
    'negation',
  ],
  [
    '"leaves … as they are" says "unchanged"',
    UPDATES,
    'A minor update leaves your saved settings as they are.',
    'unverified',
    '',
  ],
  [
    'the denial removed from the change',
    UPDATES,
    'A minor update changes your saved settings.',
    'contradicted',
    'negation',
  ],
  [
    '"rather than" says from the other end the rule a denial says',
    THINNER,
    'Paint thinner goes into the hazardous waste bin rather than down the sink.',
    'unverified',
    '',
  ],
  ['the rule turned', THINNER, 'Pour paint thinner down the sink.', 'contradicted', 'negation'],
  [
    'a name of two capitalised words opening the sentence says no opposite of its first word ("Basic" of "acid")',
    'Our bank offers two accounts. Gold Savings members pay no wire fees, while Basic Savings members pay the standard fee of $20 per wire.',
    'Basic Savings members pay the standard fee of $20 per wire.',
    'verified',
    '',
  ],
  [
    'the other account given the waiver, its name opening the sentence',
    'Our bank offers two accounts. Gold Savings members pay no wire fees, while Basic Savings members pay the standard fee of $20 per wire.',
    'Basic Savings members pay no wire fees.',
    'contradicted',
    'name',
  ],
  [
    'a thing denied after the end of the hours the source gives for it',
    'Visitors must sign in at reception. Visiting hours are 2 pm to 8 pm.',
    "You can't visit after 8 pm.",
    'unverified',
    '',
  ],
  [
    'a denial that names more of what it denies ("…, including balconies") says its rule of them',
    'Smoking is not permitted anywhere on the premises, including balconies. Guests may smoke in the garden.',
    "You can't smoke on the balcony either.",
    'unverified',
    '',
  ],
  [
    'a thing the denial names more of, said as allowed',
    'Smoking is not permitted anywhere on the premises, including balconies. Guests may smoke in the garden.',
    'Smoking is allowed on balconies.',
    'contradicted',
    'negation',
  ],
  [
    'not paying for a thing is its being free',
    'Hand luggage is free. Checked bags cost £25 each when booked online, or £40 at the airport.',
    "You don't pay for hand luggage.",
    'unverified',
    '',
  ],
  [
    'a denial of the verb a "but not" clause leaves unsaid',
    'The warranty covers manufacturing defects but not filters, brushes or damage caused by misuse.',
    "Filters and brushes aren't covered by the warranty.",
    'unverified',
    '',
  ],
  [
    'the thing a "but not" clause denies, said as had',
    'The warranty covers manufacturing defects but not filters, brushes or damage caused by misuse.',
    'Filters are covered by the warranty.',
    'contradicted',
    'negation',
  ],
  [
    'a denial said before the things it names, against one said after them',
    'Plastic bags and film must not be placed in either bin; return them to participating supermarkets.',
    "Don't put plastic bags or film in either recycling bin.",
    'unverified',
    '',
  ],
  [
    'the things a denial names said as allowed',
    'Plastic bags and film must not be placed in either bin; return them to participating supermarkets.',
    'You can put plastic bags and film in either bin.',
    'contradicted',
    'negation',
  ],
  [
    'one part of a clause turned, where each part says its own verb',
    'Cats are allowed in the lounge and dogs are not allowed in the lounge.',
    'Cats are not allowed in the lounge.',
    'contradicted',
    'negation',
  ],
  [
    'a rule forbidding what a clause without a modal word denies, closer than the general rule',
    '自签收之日起7天内，商品完好且不影响二次销售的，可申请无理由退货。定制类商品、鲜活易腐商品及已拆封的数字化商品不适用无理由退货。',
    '已经拆封的数字化商品不能无理由退货。',
    'unverified',
    '',
  ],
  [
    'the same rule said of the things the exception leaves out',
    '自签收之日起7天内，商品完好且不影响二次销售的，可申请无理由退货。定制类商品、鲜活易腐商品及已拆封的数字化商品不适用无理由退货。',
    '未拆封的数字化商品不能无理由退货。',
    'contradicted',
    'negation',
  ],
  [
    'a denial of what "… only" gives one name, said of another name',
    'Guest passes are available to Plus members only, limited to four per month.',
    'Guest passes are not available to Premier members.',
    'unverified',
    '',
  ],
  [
    'a denial of what "… only" gives one name, said of that name',
    'Guest passes are available to Plus members only, limited to four per month.',
    'Guest passes are not available to Plus members.',
    'contradicted',
    'negation',
  ],
  [
    'what the source denies of one thing, said of another thing it names the same way, is no swap',
    'On Dashly, the delivery fee is £1.99 for restaurants within 2 km. A service fee of 8% of the basket is added. Dashly Plus members (£5.99 a month) pay no delivery fee on orders over £15 but still pay the service fee.',
    'Plus only knocks off delivery, and only above £15 — members are still charged the service fee.',
    'unverified',
    '',
  ],
  [
    'a requirement said as what cannot be done without it',
    'Proof of purchase is required for all claims.',
    "You can't make a claim without proof of purchase.",
    'unverified',
    '',
  ],
  [
    'a requirement said as a condition opening the sentence',
    'Proof of purchase is required for all claims. Repairs under warranty are free.',
    "Without proof of purchase, you won't be able to make a claim.",
    'unverified',
    '',
  ],
  [
    'what a requirement needs, said as not needed',
    'Proof of purchase is required for all claims.',
    'You can make a claim without proof of purchase.',
    'contradicted',
    'negation',
  ],
  [
    'a word of degree said of another word than the source says it of',
    'The Eco programme takes about 3 hours 40 minutes but uses the least water and energy.',
    "Eco takes roughly 220 minutes, but it's the most economical on water and electricity.",
    'unverified',
    '',
  ],
  [
    'a word of degree turned on the word the source says it of',
    'The Eco programme takes about 3 hours 40 minutes but uses the least water and energy.',
    'Eco takes roughly 220 minutes, but it uses the most water and energy.',
    'contradicted',
    'negation',
  ],
  [
    'a rule denied for the ages below the one it is allowed from',
    'Members under 16 may use the gym floor only when accompanied by an adult member, but may attend group classes alone from age 14.',
    "Children under 14 can't attend group classes by themselves.",
    'unverified',
    '',
  ],
  [
    'a denied comparison bounds an approximate value ("no more than about 1.5 metres")',
    'Establishments must display their most recent inspection grade within 5 feet of the main entrance.',
    'The latest inspection grade has to be posted no more than about 1.5 metres from the main entrance.',
    'unverified',
    '',
  ],
  [
    '"there\'s no need to" is one rule that excuses, not a need',
    'Everyone aged 6 months and over is eligible; no appointment or health insurance is needed. People aged 65 and over will be offered the high-dose vaccine.',
    "There's no need to book or to have health insurance, you can simply walk in, and anyone from the age of six months upward can get the jab.",
    'unverified',
    '',
  ],
  [
    '"there\'s no" a thing the source requires excuses it',
    'Standard tickets include the deck only. Visitors must be at least 120 cm tall to enter the SkyWalk.',
    "There's no height requirement to enter the SkyWalk.",
    'contradicted',
    'negation',
  ],
  [
    'a rule of one word names its case in the clause beside it',
    'Smoke alarms must be interconnected in new dwellings but may be battery-only in existing homes.',
    "Battery-only smoke alarms are fine in a new dwelling, so they don't need to be interconnected.",
    'contradicted',
    'negation',
  ],
  [
    'a rule of one word whose only shared word is its modal word names nothing',
    'Phones must be switched off, but bib transfers are not allowed under any circumstances.',
    'Headphones are allowed, and you can pick up your bib on race morning.',
    'unverified',
    '',
  ],
  [
    'a denial for a length of time holds no longer once that time has passed',
    'After a tooth extraction, patients should not eat for 2 hours and should avoid hot drinks for 48 hours.',
    'You can have something to eat again once 120 minutes have passed since the extraction.',
    'unverified',
    '',
  ],
  [
    'a time a thing may be had for is no denial to wait out',
    'Short-loan items can be borrowed for 4 hours and cannot be renewed.',
    'Short-loan items can be renewed once for another 4 hours.',
    'contradicted',
    'negation',
  ],
  [
    "a sentence quoted word for word, its clauses leaning on one another, is the source's",
    '本医疗保险计划分为基础版和升级版。基础版年度免赔额为1万元，住院费用报销比例为80%；升级版免赔额为5000元，报销比例为100%。两种版本的等待期均为30天。',
    '基础版年度免赔额为1万元，住院费用报销比例为80%；升级版免赔额为5000元，报销比例为100%。',
    'verified',
    '',
  ],
  [
    "a whole count one below the source's line speaks of the other side of it",
    'Booking policy. We are open Tuesday to Saturday, 17:30–22:30; we are closed on Mondays. Tables for parties of 7 or more require a £10 per person deposit, which is refunded if you cancel at least 48 hours in advance. Tables are held for 15 minutes after the booking time.',
    "Parties of up to six don't have to pay a deposit. For larger groups, the £10-per-person deposit is returned as long as the booking is cancelled 48 hours or more beforehand.",
    'unverified',
    '',
  ],
  [
    'a rule said to hold with no exceptions where the source makes one',
    'Parties may not be represented by a lawyer at the hearing, except when the claim involves a landlord-tenant deposit dispute.',
    "Lawyers can't represent anyone at a small claims hearing, with no exceptions.",
    'contradicted',
    'negation',
  ],
  [
    'a rule said to hold always where the source makes an exception',
    'After 2 minutes, a $5 cancellation fee applies, unless the driver is more than 5 minutes late relative to the original arrival estimate.',
    'Once two minutes have passed since booking, cancelling will always cost you $5.',
    'contradicted',
    'negation',
  ],
  [
    "即使 said against the source's 除外",
    '故宫博物院实行实名制预约，每日限流3万人次。每周一闭馆（法定节假日除外）。',
    '故宫每周一都闭馆，即使赶上法定节假日也不开放。',
    'contradicted',
    'negation',
  ],
  [
    'a rule said to hold always where the source makes no exception',
    'Refunds are paid to the original card within 5 working days.',
    'Refunds always go back to the card you paid with.',
    'unverified',
    '',
  ],
  [
    'a Chinese requirement said from the other end: 不…就不能 against 方可',
    '从业人员每年应进行健康检查，取得健康证明后方可上岗。生熟食品的加工工具及容器应分开使用。',
    '员工每年都得体检，拿不到健康证明就不能上岗。',
    'unverified',
    '',
  ],
  [
    'a Chinese requirement said from the other end: 未满…的无法 against 须年满…方可',
    '电动助力车起步价2.5元含20分钟，须年满16周岁方可使用。请将车辆停放在蓝色停车区内。',
    '未满16岁的用户无法使用电动助力车。',
    'unverified',
    '',
  ],
  [
    'what is had "for nothing" is free, not denied',
    'Patients attending dialysis or chemotherapy can park free of charge with a validated ticket. Otherwise, parking costs $4 per hour.',
    'Dialysis and chemo patients park for nothing with a validated ticket.',
    'unverified',
    '',
  ],
  [
    '"fee-free" is free of fees, as "no fees" says',
    'The travel card can be loaded with up to 10 currencies. There are no fees for purchases made in a loaded currency. ATM withdrawals overseas cost $3.50 each.',
    "Purchases in a currency you've loaded onto the card are fee-free, while each overseas ATM withdrawal costs $3.50.",
    'unverified',
    '',
  ],
  [
    'a thing that costs nothing is free',
    'Hand luggage is free. Checked bags cost £25 each when booked online, or £40 at the airport.',
    'Hand luggage costs you nothing.',
    'verified',
    '',
  ],
  [
    'a thing said to cost nothing that the source prices',
    'Hand luggage is free. Checked bags cost £25 each when booked online, or £40 at the airport.',
    'Checked bags cost nothing.',
    'contradicted',
    'negation',
  ],
  [
    'a thing said to be free that the source prices',
    'Hand luggage is free. Checked bags cost £25 each when booked online, or £40 at the airport.',
    'Checked bags are free.',
    'contradicted',
    'negation',
  ],
  [
    'not paying for a thing the source prices',
    'Hand luggage is free. Checked bags cost £25 each when booked online, or £40 at the airport.',
    "You don't pay for checked bags.",
    'contradicted',
    'negation',
  ],
  [
    'a denied comparison after a verb with its own "over" bounds the value ("can\'t carry over more than five")',
    'Employees get 25 days of annual leave. Up to 5 unused days can be carried over to the next year.',
    "You can't carry over more than five unused days to the next year.",
    'unverified',
    '',
  ],
  [
    'a closing time names the end of the hours the source gives, not a closed place',
    'The library is open Monday to Friday from 07:30 to 21:00. On Saturdays it opens at 10:00.',
    'The library closes at 9 pm on weekdays.',
    'unverified',
    '',
  ],
  [
    'a closed place against its opening hours is still a denial',
    'The library is open Monday to Friday from 07:30 to 21:00. On Saturdays it opens at 10:00.',
    'The library is closed Monday to Friday.',
    'contradicted',
    'negation',
  ],
  [
    '"rather than" with its own preposition replaces the place after it',
    'Scooters must be parked in the courtyard racks, not on the pavement.',
    'Scooters should be left in the courtyard racks rather than on the pavement.',
    'unverified',
    '',
  ],
  [
    'the place replaced, said as allowed',
    'Scooters must be parked in the courtyard racks, not on the pavement.',
    'Scooters may be parked on the pavement.',
    'contradicted',
    'negation',
  ],
  [
    'a topic put before the clause ("the port, on the other hand, …") names what it speaks of',
    PROXY,
    'A reload is enough for a new log level; the port, on the other hand, needs the proxy restarted.',
    'unverified',
    '',
  ],
  ['the other thing given the restart', PROXY, 'The log level needs the proxy restarted.', 'contradicted', 'negation'],
  [
    '"but are banned on the North Loop" says its verb of the bikes the clause before names',
    TRAILS,
    'Bikes are banned on the North circuit to protect the meadows.',
    'unverified',
    '',
  ],
  [
    '"but not on the North circuit" denies riding there, not what the source says of the circuit',
    TRAILS,
    'You can ride a bike on the River Path, but not on the North circuit, where bikes are banned to protect the meadows.',
    'unverified',
    '',
  ],
  ["the path's permission given to the loop", TRAILS, 'Bikes are allowed on the North Loop.', 'contradicted', 'name'],
  [
    '"at most" against "no more than" is no contradiction',
    EXPENSES,
    'New starters can claim at most £200 a month.',
    'unverified',
    '',
  ],
  [
    '"narrower" is the opposite of "wider"',
    STAIRS,
    'Stairs narrower than 1,000 mm need two handrails.',
    'contradicted',
    'negation',
  ],
  [
    'a spaced dash sets a clause apart',
    ROUTER,
    'The guest network is no longer limited to WPA2 - it now supports WPA3 too.',
    'unverified',
    '',
  ],
  ['"can be switched off" says no state', ROUTER, 'Remote access comes switched on out of the box.', 'unverified', ''],
  ['"no … without" states a requirement', HELMETS, 'No trail may be ridden without a helmet.', 'unverified', ''],
  [
    "the other plan given the first plan's rule",
    PLANS,
    'Unused minutes roll over on the Lite plan.',
    'contradicted',
    'name',
  ],
  [
    'a list\'s closing "only" narrows its clause',
    PLANS,
    'Colour printing is not available on paper sizes other than A3 and A4.',
    'unverified',
    '',
  ],
  ['"wider" said right', STAIRS, 'Any stair wider than 1,000 mm needs a handrail on each side.', 'verified', ''],
  [
    'a modal word and "still" carry no claim: 还可以 beside 不予',
    '网上报名时间为5月10日至5月20日，逾期不予补报。第一顺位报名需提交户口簿和房产证原件。',
    '逾期还可以补报。',
    'contradicted',
    'negation',
  ],
  [
    'the late application refused, in other words',
    '网上报名时间为5月10日至5月20日，逾期不予补报。第一顺位报名需提交户口簿和房产证原件。',
    '网上报名在5月10日到5月20日之间，过了时间就不能再补报了。',
    'unverified',
    '',
  ],
  [
    'a question claims nothing: "No C-wire?" asks, and denies nothing the source says',
    THERMOSTATS,
    'No C-wire behind your old thermostat? The Lite is the one to go for, since two AA batteries power it.',
    'unverified',
    '',
  ],
  [
    'a denial after a question is judged',
    THERMOSTATS,
    'No C-wire behind your old thermostat? The Lite still needs one.',
    'contradicted',
    'negation',
  ],
  [
    'a thing denied until a time, said of the time after it',
    PUPPIES,
    'Your puppy can walk in public areas from two weeks after the final booster.',
    'unverified',
    '',
  ],
  [
    'a thing denied until a time, said of any time',
    PUPPIES,
    'Your puppy can walk in public areas right away.',
    'contradicted',
    'negation',
  ],
  [
    'a rule turned round on an act the source words otherwise ("can go towards" for "cannot be used for")',
    CHILDCARE,
    'Good news: the funded hours can also go towards a child who has already started in a school reception class.',
    'contradicted',
    'negation',
  ],
  [
    'a source clause with both forces rules on a case of its own ("a runner who cannot race may defer")',
    MARATHON_ENTRY,
    "If you're unable to run, you can push your place to next year for $25.",
    'unverified',
    '',
  ],
  [
    'a requirement denied, across a quoted name in the source',
    BULKY_WASTE,
    '大件垃圾无需预约，直接放到楼下就会有人上门拉走。',
    'contradicted',
    'negation',
  ],
  ['the requirement said again', BULKY_WASTE, '大件垃圾要先在小程序上预约。', 'unverified', ''],
  [
    'a Chinese clause that opens with a requirement sets it on what the clause before names',
    VACCINATION_CLINIC,
    '儿童预防接种门诊不用预约，周二或周四上午直接带孩子过去就可以。',
    'contradicted',
    'negation',
  ],
  ['the requirement kept', VACCINATION_CLINIC, '儿童预防接种门诊要提前在微信公众号上预约。', 'unverified', ''],
  [
    'a thing denied until an event, said of any time with "from" in it',
    'You cannot withdraw money from the account until it matures.',
    'You can withdraw money from the account at any time.',
    'contradicted',
    'negation',
  ],
  [
    "a clause that shares only the verb of a denial the claim's next clause says itself",
    'The original Tallis Hub will continue to receive security updates until December 2026 but will not get new features.',
    "Owners of the first-generation Tallis Hub will keep getting security patches through December 2026, although it won't be getting any new features.",
    'unverified',
    '',
  ],
  [
    'the same sentence with the denial taken off the next clause',
    'The original Tallis Hub will continue to receive security updates until December 2026 but will not get new features.',
    'Owners of the first-generation Tallis Hub will keep getting security patches through December 2026, and it will be getting new features too.',
    'contradicted',
    'negation',
  ],
  [
    'a clause turning another thing with the same word does not excuse the swap',
    'Items can be renewed twice online unless another member has reserved them.',
    'Reserved items can be renewed online, while unreserved items must be renewed at the desk.',
    'contradicted',
    'negation',
  ],
  [
    'a denial does not reach a second verb after "and"',
    'Second homes and holiday lets are not covered by this policy and need a separate Holiday Home policy.',
    'Second homes and holiday lets are not covered by this policy; they need a separate Holiday Home policy.',
    'unverified',
    '',
  ],
  [
    'the first verb still denied',
    'Second homes and holiday lets are not covered by this policy and need a separate Holiday Home policy.',
    'Second homes and holiday lets are covered by this policy.',
    'contradicted',
    'negation',
  ],
  [
    '"never … before" is a first time',
    'Children aged 2 to 8 who have never had a flu vaccine before need two doses given at least 4 weeks apart.',
    'A child aged between 2 and 8 who is getting a flu vaccine for the first time needs two doses, at least 4 weeks apart.',
    'unverified',
    '',
  ],
  [
    'the doses denied of such a child',
    'Children aged 2 to 8 who have never had a flu vaccine before need two doses given at least 4 weeks apart.',
    'A child aged between 2 and 8 who is getting a flu vaccine for the first time does not need two doses.',
    'contradicted',
    'negation',
  ],
  [
    'an opposite that bounds a number ("at least 4 weeks") does not say the denial another way',
    'Children who had a vaccine need two doses given at least 4 weeks apart.',
    'Children who had a vaccine do not need two doses.',
    'contradicted',
    'negation',
  ],
  [
    '"off-limits" says a denial as a state, before the words that place it',
    "Children under 12 should not be given aspirin because of the risk of Reye's syndrome.",
    "Because of the risk of Reye's syndrome, aspirin is off-limits for children below twelve.",
    'unverified',
    '',
  ],
  [
    '"after that" sets a time against one the claim said, not against the source\'s "before"',
    FLEXIBLE_RATE,
    "On a Flexible booking you won't pay anything if you cancel before 6 pm the evening before arrival. Cancel after that, or simply not turn up, and you'll be billed for one night.",
    'unverified',
    '',
  ],
  [
    'the free cancellation moved past the deadline',
    FLEXIBLE_RATE,
    'Flexible bookings can be cancelled free of charge after 6 pm on the day before arrival.',
    'contradicted',
    'negation',
  ],
  [
    "a later clause with its own subject says its own thing, not the sentence's polarity",
    'Before leaving a fire, you must put it out completely with water; covering it with soil is not enough.',
    "When you leave a fire, smothering it with soil is enough; you don't have to douse it with water.",
    'contradicted',
    'negation',
  ],
  [
    'the same sentence said as the source says it',
    'Before leaving a fire, you must put it out completely with water; covering it with soil is not enough.',
    'When you leave a fire, smothering it with soil is not enough; you have to douse it with water.',
    'unverified',
    '',
  ],
  [
    '"later on" is a time to come, not an opposite that says the denial another way',
    'On both models the RAM is soldered to the board and cannot be upgraded, but the SSD can be replaced.',
    'Both models let you upgrade the RAM later on, and the SSD can be replaced as well.',
    'contradicted',
    'negation',
  ],
  [
    '"at no cost" says "free of charge", not a denial of its charge',
    'Coralair passengers can choose a standard seat free of charge from 24 hours before departure, when online check-in opens.',
    'Online check-in opens a day before departure, and from that point you can pick a standard seat at no cost.',
    'unverified',
    '',
  ],
  [
    'lending is the borrowing seen from the other side, not its opposite',
    'Bear-resistant food canisters are mandatory between 1 June and 31 October and can be borrowed free of charge at the ranger station.',
    'Canisters are compulsory from June to October, and the ranger station lends them out.',
    'unverified',
    '',
  ],
  [
    'the clause going on about another thing still disagrees',
    '2023年，华远汽车销量为86万辆，同比增长12%；东岭汽车销量为62万辆，同比下降5%。',
    '东岭汽车2023年的销量同比增长了12%。',
    'contradicted',
    'negation',
  ],
  [
    'what one wants done, in Chinese, is a condition of what it takes',
    '新注册账号默认可创建10台云服务器。未实名认证的账号无法购买中国内地地域的任何资源。',
    '想买中国内地地域的资源，账号必须先完成实名认证。',
    'unverified',
    '',
  ],
  [
    'a clause ending on a denied auxiliary denies the predicate before it',
    'The milk frother must be rinsed after each use and disassembled for cleaning once a week; its parts are dishwasher-safe, but the water tank is not. Do not use vinegar, as it can damage the seals.',
    'Cleaning is easy: the water tank is dishwasher-safe, so it can go in alongside the frother parts once a week.',
    'contradicted',
    'negation',
  ],
  [
    'the predicate the clause denies is said of its own subject only',
    'The milk frother must be rinsed after each use and disassembled for cleaning once a week; its parts are dishwasher-safe, but the water tank is not. Do not use vinegar, as it can damage the seals.',
    "The frother's parts are dishwasher-safe, so they can go in once a week when you take it apart for cleaning.",
    'unverified',
    '',
  ],
  [
    'a most said of what the source gives as a least, in words of its own',
    'Passwords for staff accounts must be at least 14 characters long and are changed every six months.',
    'Staff passwords can be a maximum of 14 characters.',
    'contradicted',
    'negation',
  ],
  [
    '不低于 said of what the source gives as 不超过',
    '大件行李每件不超过32公斤，超重须另行托运。',
    '每件大件行李的重量不低于32公斤。',
    'contradicted',
    'negation',
  ],
  [
    'a change run the other way: both ends the source gives, in the other order',
    'Release 2.4 raises the default request timeout from 15 seconds to 60 seconds and drops support for TLS 1.0.',
    'In 2.4 the default request timeout was cut from 60 seconds down to 15 seconds.',
    'contradicted',
    'number',
  ],
  [
    'a range read the other way is the same range, not a turned change',
    'Tickets cost from £5 to £10 depending on the seat.',
    'Tickets cost anywhere from £10 down to £5.',
    'unverified',
    '',
  ],
  [
    '从…提高到 run the other way',
    '新版本将默认缓存从64MB提高到256MB，并移除了旧的快速模式。',
    '新版本把默认缓存从256MB降低到64MB。',
    'contradicted',
    'number',
  ],
  [
    'a span of times run the other way is the rest of the day, which a claim may speak of',
    'Quiet hours run from 22:00 to 07:00 every night.',
    'You can make noise from 07:00 to 22:00.',
    'unverified',
    '',
  ],
  [
    'a span the source gives both ways is no turned change',
    'Quiet hours run from 22:00 to 07:00 on weekdays; on weekends the pool is open from 07:00 to 22:00.',
    'At weekends the pool is open from 07:00 to 22:00.',
    'verified',
    '',
  ],
  [
    'a least said of what the source gives as a most',
    'Each member may sign in up to 3 guests per visit; guests must leave by 22:00.',
    'Every member has to bring a minimum of 3 guests on each visit.',
    'contradicted',
    'negation',
  ],
  [
    'a side of a value, set against a least of it, is no turned least or most',
    'Loans of under 5 years have a fixed interest rate.',
    'Loans run for at least 5 years at a fixed interest rate.',
    'unverified',
    '',
  ],
  [
    "a source that bounds the value on the claim's side too may speak for it",
    'Orders of at least 5 items ship free. Each customer can buy up to 5 items from a sale line.',
    'You can buy a maximum of 5 items from a sale line.',
    'unverified',
    '',
  ],
  [
    'a Chinese requirement said from its other end: a denied condition, then a denied outcome',
    '畅行租车规定，车辆取车时为满油，还车时也须加满；未加满的，按每升10元加收油费，并另收50元加油服务费。新能源车还车时电量不得低于取车时的80%。租期按24小时计算，超时4小时以内按小时收费，每小时40元；超过4小时按一天计费。驾驶人须持有驾照满1年。',
    '拿到驾照还不满一年的人，不能作为驾驶人在畅行租车租车。',
    'unverified',
    '',
  ],
  [
    'a Chinese ban denies what follows it: 严禁托运 says 不能托运',
    '自2025年4月1日起，祥云航空国内航线经济舱旅客可免费托运行李1件，重量不超过20千克；公务舱旅客可免费托运2件，每件不超过30千克。每件托运行李的长、宽、高三边之和不得超过158厘米。未满2周岁的婴儿旅客可免费托运一辆折叠式婴儿车。充电宝严禁托运，只能随身携带，且额定能量不得超过160Wh。',
    '充电宝不能办理托运，只能放在随身行李里带上飞机，而且额定能量最高为160Wh。',
    'unverified',
    '',
  ],
  [
    'a Chinese stop denies what follows it: 停止上山 says 不再允许上山',
    '青岚山登山步道全长8.6公里，单程约需3.5小时。每年11月15日至次年3月15日为森林防火期，期间严禁携带火种进山。景区开放时间为7:00至17:30，16:00以后停止上山。遇雷雨、大风等恶劣天气，步道将临时关闭。12岁以下儿童须由成年人陪同登山。',
    '下午四点以后就不再允许上山，景区在傍晚五点半关门。',
    'unverified',
    '',
  ],
  [
    'a permission of what a Chinese ban forbids still disagrees',
    '青岚山景区开放时间为7:00至17:30。每年11月15日至次年3月15日为森林防火期，期间严禁携带火种进山。',
    '森林防火期内允许携带火种进山。',
    'contradicted',
    'negation',
  ],
  [
    'a stop said as having none, where both sides read a character beside its word: 停止供应热水 and 没有热水',
    '夜里23:00以后停止供应热水，白天全天供应。',
    '晚上11点以后没有热水，白天一直有。',
    'unverified',
    '',
  ],
];

describe('ClaimSupportVerifier on denials said in other words', () => {
  judgeEach(cases);
});

/**
 * "Free" read as a cost turned sets "costs $0.005 an hour when unattached" against "are free", when the source's
 * condition ("while attached") stands in a clause of its own.
 */
describe('ClaimSupportVerifier on denials it still misjudges', () => {
  stillMisjudged([
    [
      "a clause going on about the same thing says the claim's side of an opposite",
      'Elastic IP addresses are free while attached to a running instance but cost $0.005 per hour when left unattached.',
      "Leaving an elastic IP unattached costs $0.005 an hour; while it's attached to a running instance, it's free.",
      'unverified',
      '',
    ],
  ]);
});
