import { stemmer } from 'stemmer';

/**
 * What the claim check knows of words: which carry no claim, which deny, which mean the opposite of another,
 * and a few common rewordings, in English and Chinese. Terms are word stems; an antonym's term is its
 * opposite's, marked inverted, so that "forbids" reads as "allow", denied.
 */

/** Words that carry no claim of their own. */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be been being but by can could did do does for from had has have he her his how i if in ' +
    'into is it its may me might must my of on or our she should so such than that the their them then there ' +
    'these they this those to too us very was we were what when where which while who whom why will with would ' +
    'you your also about again all any both each few just once only other own through until up over off out ' +
    'e.g i.e etc via per whether because since yet still even though although however thus therefore instead'
  ).split(' '),
);

/** Words that deny what follows them in their clause. */
export const NEGATION_WORDS: ReadonlySet<string> = new Set([
  'not',
  'no',
  'never',
  'none',
  'nor',
  'neither',
  'without',
  'cannot',
  'nothing',
  'nobody',
  'nowhere',
  'lack',
  'lacks',
  'lacking',
  'unless',
]);

/** A denial reaches every claim word after it in its clause: "do not paint the alarm or install it near a stove". */
export const NEGATION_REACH = Number.POSITIVE_INFINITY;

export function isNegationWord(lower: string): boolean {
  return NEGATION_WORDS.has(lower) || lower.endsWith("n't") || lower.endsWith('n’t');
}

/** Words that open a condition or a cause within a clause: a denial before them does not reach past them. */
const DENIAL_BOUNDARIES: ReadonlySet<string> = new Set([
  'when',
  'whenever',
  'if',
  'once',
  'until',
  'till',
  'because',
  'since',
]);

export function isDenialBoundary(lower: string): boolean {
  return DENIAL_BOUNDARIES.has(lower);
}

const DENIAL_BOUNDARY = new RegExp(`\\b(?:${[...DENIAL_BOUNDARIES].join('|')})\\b`, 'i');

/** The text a denial at its start reaches: up to the first word that opens a condition or a cause. */
export function deniedReach(text: string): string {
  const boundary = DENIAL_BOUNDARY.exec(text);
  return boundary === null ? text : text.slice(0, boundary.index);
}

/**
 * Characters that deny in Chinese, and the words that hold them without denying (非常 is "very", 特别 "especially").
 * 莫 denies only in old or set phrases; in names (莫扎特, 莫斯科) it is a sound.
 */
export const HAN_NEGATIONS = new Set('不没无未非别勿'.split(''));
const HAN_NOT_NEGATIONS = new Set([
  '非常',
  '无论',
  '不仅',
  '不断',
  '不久',
  '未来',
  '无线',
  '不少',
  '不过',
  '除非',
  '不管',
  '无数',
  '不错',
  '别的',
  '别人',
  '无比',
  '非洲',
  '特别',
  '分别',
  '区别',
  '级别',
  '类别',
  '性别',
  '识别',
  '个别',
  '差别',
  '告别',
]);
const HAN_NEGATION_REACH = 4;

/**
 * How many characters after it a Chinese denial reaches. 非 before a word makes a class of it, as "non-" does
 * ("非折叠自行车" are bicycles that do not fold, "非会员" people who are not members): it turns that word only, not
 * what is said of the class. After 并, 绝 or 决 it denies what follows ("并非现存最早的"), as 不 does.
 */
export function hanNegationReach(chars: readonly string[], i: number): number {
  return chars[i] === '非' && !COPULA_BEFORE_NON.has(chars[i - 1] ?? '') ? 1 : HAN_NEGATION_REACH;
}

const COPULA_BEFORE_NON = new Set(['并', '绝', '决', '实', '亦', '而', '是']);

/**
 * Whether Chinese text starts with passing a bound (超过, 高于, 低于), after a modal character if one stands first
 * (不得超过, 不能低于): denied, it states the bound ("不超过运费的5倍" is 最高为运费的5倍), not a rule on an act.
 */
export function hanPassesBound(text: string): boolean {
  return HAN_PASSING_BOUND.test(text);
}

/** Whether Chinese text speaks of passing a bound anywhere: "可以赔超过3倍" says what "不超过3倍" denies. */
export function hanSpeaksOfPassing(text: string): boolean {
  return HAN_PASSING.test(text);
}

const HAN_PASSING = /超|高于|多于|大于|低于|少于|小于/;
const HAN_PASSING_BOUND = new RegExp(`^[得能可应会]?(?:${HAN_PASSING.source})`);

export function hanNegationAt(chars: readonly string[], i: number): boolean {
  const char = chars[i]!;
  if (!HAN_NEGATIONS.has(char)) return false;
  const word = char + (chars[i + 1] ?? '');
  const before = (chars[i - 1] ?? '') + char;
  return !HAN_NOT_NEGATIONS.has(word) && !HAN_NOT_NEGATIONS.has(before);
}

/** Characters that carry no claim in Chinese: a character pair holding one is not a term. */
export const HAN_FUNCTION = new Set(
  '的了是在和与及或而并且也都就把被由从到于为将其该这那个之着过吗呢吧啊所以因此但还'.split(''),
);

/**
 * The modal characters (可, 以, 能, 会) carry no claim either, outside the words they make with a neighbour (会员, 功能,
 * 以上): "逾期还可以补报" says 逾期 and 补报 of "逾期不予补报", and pairs such as 可以 or 能借 would only lower how well
 * it rests on the source. What a modal word says is read from the text (modal-words.ts), not from its terms.
 */
const HAN_MODAL_CHARS: ReadonlySet<string> = new Set('可以能会'.split(''));
const HAN_MODAL_CHAR_WORDS: ReadonlySet<string> = new Set(
  (
    '会员 会议 会费 会所 会场 社会 机会 协会 工会 学会 体会 大会 年会 会计 功能 能力 能源 性能 智能 技能 节能 可能 ' +
    '许可 认可 可乐 可靠 可见 以上 以下 以内 以外 以后 以前 以来 可用 可选 可控'
  ).split(' '),
);

/** Whether the character at `k` carries no claim: a function character, or a modal one outside a word it makes. */
export function hanFunctionAt(chars: readonly string[], k: number): boolean {
  const char = chars[k]!;
  if (HAN_FUNCTION.has(char)) return true;
  if (!HAN_MODAL_CHARS.has(char)) return false;
  return (
    !HAN_MODAL_CHAR_WORDS.has((chars[k - 1] ?? '') + char) && !HAN_MODAL_CHAR_WORDS.has(char + (chars[k + 1] ?? ''))
  );
}

/** Pairs of opposites: the second word of each pair reads as the first, denied. */
const OPPOSITES: readonly (readonly [string, readonly string[]])[] = [
  ['allow', ['forbid', 'prohibit', 'disallow', 'ban', 'deny', 'block', 'refuse', 'prevent', 'off-limits']],
  ['permit', ['forbid', 'prohibit']],
  ['enable', ['disable']],
  ['open', ['close', 'shut', 'closed']],
  ['increase', ['decrease', 'reduce', 'lower', 'shrink']],
  ['rise', ['fall', 'decline']],
  ['keep', ['wipe', 'erase', 'discard']],
  ['include', ['exclude', 'omit']],
  ['accept', ['reject', 'decline', 'refuse']],
  ['require', ['optional']],
  ['mandatory', ['optional', 'voluntary', 'discretionary']],
  ['greater', ['lesser', 'lower', 'smaller']],
  ['continue', ['stop', 'discontinue', 'cease']],
  ['surcharge', ['discount']],
  ['double', ['halve']],
  ['upgrade', ['downgrade']],
  ['credit', ['debit']],
  ['reusable', ['single-use', 'disposable']],
  ['succeed', ['fail']],
  ['success', ['failure']],
  ['before', ['after']],
  ['earlier', ['later']],
  ['early', ['late']],
  ['more', ['less', 'fewer']],
  ['higher', ['lower']],
  ['high', ['low']],
  ['faster', ['slower']],
  ['fast', ['slow']],
  ['larger', ['smaller']],
  ['large', ['small']],
  ['largest', ['smallest']],
  ['highest', ['lowest']],
  ['fastest', ['slowest']],
  ['longest', ['shortest']],
  ['closest', ['farthest', 'furthest']],
  ['northbound', ['southbound']],
  ['eastbound', ['westbound']],
  ['longer', ['shorter']],
  ['long', ['short']],
  ['always', ['never']],
  ['true', ['false']],
  ['public', ['private']],
  ['synchronous', ['asynchronous']],
  ['sync', ['async']],
  ['stateful', ['stateless']],
  ['online', ['offline']],
  ['add', ['remove', 'delete', 'drop']],
  ['install', ['uninstall']],
  ['lock', ['unlock']],
  ['inside', ['outside']],
  ['above', ['below', 'beneath']],
  ['maximum', ['minimum']],
  ['most', ['least']],
  ['win', ['lose']],
  ['gain', ['lose', 'loss']],
  ['hot', ['cold']],
  ['cheap', ['expensive']],
  ['easy', ['hard', 'difficult']],
  ['same', ['different', 'opposite']],
  ['visible', ['hidden', 'invisible']],
  ['present', ['absent']],
  ['available', ['unavailable']],
  ['valid', ['invalid']],
  ['secure', ['insecure']],
  ['safe', ['unsafe', 'dangerous', 'harmful', 'fatal']],
  ['correct', ['incorrect', 'wrong']],
  ['possible', ['impossible']],
  ['active', ['inactive']],
  ['permanent', ['temporary']],
  ['support', ['unsupported']],
  ['encrypted', ['unencrypted']],
  ['limited', ['unlimited']],
  // "free" is a cost turned: "Checked bags are free" denies what "Checked bags cost £25" says. "Paid" is not read as a
  // cost: "who have not paid by 31 October" speaks of paying, not of a price.
  ['cost', ['free']],
  // "at the start of the financial year" against "at the end of": `finish` and `complete` say the end, as `end` does.
  ['start', ['stop', 'end', 'finish', 'complete']],
  ['enter', ['exit']],
  ['import', ['export']],
  ['upload', ['download']],
  ['buy', ['sell']],
  ['north', ['south']],
  ['east', ['west']],
  ['left', ['right']],
  ['morning', ['evening']],
  ['minor', ['major']],
  ['weak', ['strong']],
  ['ascending', ['descending']],
  ['inbound', ['outbound']],
  ['upstream', ['downstream']],
  ['compress', ['decompress']],
  ['clockwise', ['anticlockwise', 'counterclockwise']],
  ['horizontal', ['vertical']],
  ['input', ['output']],
  ['pass', ['fail']],
  ['inner', ['outer']],
  ['internal', ['external']],
  ['local', ['remote']],
  ['static', ['dynamic']],
  ['manual', ['automatic']],
  ['top', ['bottom']],
  ['front', ['back', 'rear']],
  ['forward', ['backward']],
  ['approve', ['reject']],
  ['grant', ['deny', 'revoke']],
  ['attach', ['detach']],
  ['connect', ['disconnect', 'isolate']],
  ['mount', ['unmount']],
  ['wet', ['dry']],
  ['warm', ['cool']],
  ['heavy', ['lightweight']],
  ['thick', ['thin']],
  ['wide', ['narrow']],
  ['deep', ['shallow']],
  ['soft', ['hard']],
  ['rich', ['poor']],
  ['clean', ['dirty']],
  ['legal', ['illegal']],
  ['positive', ['negative']],
  ['majority', ['minority']],
  ['reversible', ['irreversible']],
  ['profit', ['loss']],
  ['credit', ['debit']],
  ['push', ['pull']],
  ['send', ['receive']],
  ['agree', ['disagree']],
  ['appear', ['disappear']],
  ['continue', ['discontinue']],
  ['arrive', ['depart']],
  ['strict', ['lenient', 'relaxed']],
  ['simple', ['complex', 'complicated']],
  ['sufficient', ['insufficient']],
  ['necessary', ['unnecessary']],
  ['increase', ['decline']],
  ['cheaper', ['dearer']],
  ['better', ['worse']],
  ['best', ['worst']],
  ['younger', ['older']],
  ['indoor', ['outdoor']],
  ['indoors', ['outdoors']],
  ['short-stay', ['long-stay']],
  ['seated', ['standing']],
  ['domestic', ['international']],
  ['full-time', ['part-time']],
  ['upstairs', ['downstairs']],
  ['summer', ['winter']],
  ['newer', ['older']],
  ['new', ['old']],
  ['accurate', ['inaccurate']],
  ['effective', ['ineffective']],
  ['compatible', ['incompatible']],
  ['common', ['rare']],
  ['frequent', ['rare', 'infrequent']],
  ['die', ['survive', 'alive']],
  ['ahead', ['behind']],
  ['release', ['absorb']],
  ['acidic', ['alkaline', 'basic']],
  ['tighten', ['loosen']],
  ['upward', ['downward']],
  ['ascend', ['descend']],
  ['freeze', ['thaw']],
  ['win', ['lose', 'lost']],
  ['direct', ['indirect']],
  ['obey', ['violate']],
  ['cheap', ['costly']],
  ['before', ['afterwards']],
  ['warmer', ['colder', 'cooler']],
  ['extend', ['shorten']],
  ['full', ['empty']],
  ['quiet', ['loud', 'noisy']],
  ['tight', ['loose']],
  ['strengthen', ['weaken']],
  ['improve', ['worsen', 'deteriorate']],
  ['show', ['hide']],
  ['remember', ['forget']],
  ['like', ['dislike']],
  ['love', ['hate']],
  ['asleep', ['awake']],
  ['change', ['untouched', 'intact', 'unaltered']],
  ['undertake', ['avoid', 'skip', 'refrain', 'abstain', 'waive', 'exempt', 'spare', 'forgo', 'bypass']],
];

/** Opposites that place one thing against another ("before the beans soften", "above sea level"). */
const RELATIONS: ReadonlySet<string> = new Set(
  ['before', 'earlier', 'early', 'above', 'ahead'].map((word) => stemmer(word)),
);

/** Whether the term, or its opposite, relates what follows it to what precedes it. */
export function isRelation(term: string): boolean {
  return RELATIONS.has(term);
}

/** Irregular forms the stemmer leaves as they are: read as their base word. */
const IRREGULAR: ReadonlyMap<string, string> = new Map(
  (
    'kept:keep held:hold sent:send lost:lose won:win bought:buy sold:sell made:make took:take taken:take ' +
    'gave:give given:give began:begin begun:begin ran:run rose:rise risen:rise fell:fall fallen:fall grew:grow ' +
    'grown:grow built:build brought:bring caught:catch chose:choose chosen:choose drew:draw drawn:draw ' +
    'found:find froze:freeze frozen:freeze led:lead met:meet said:say spent:spend stood:stand struck:strike ' +
    'taught:teach thought:think wore:wear worn:wear wrote:write written:write beaten:beat forbade:forbid ' +
    'forbidden:forbid broke:break broken:break woke:wake slept:sleep felt:feel lent:lend sank:sink ' +
    'died:die dies:die dying:die sunk:sink shot:shoot fought:fight sought:seek swept:sweep wound:wind ' +
    'withdrew:withdraw withdrawn:withdraw wider:wide widest:wide widen:wide widens:wide widened:wide widening:wide ' +
    // Irregular plurals: "a child" and "children" are one word.
    'children:child women:woman men:man people:person feet:foot teeth:tooth mice:mouse geese:goose ' +
    'wives:wife knives:knife halves:half'
  )
    .split(' ')
    .map((pair) => pair.split(':') as [string, string]),
);

/** Chinese opposites, over character pairs. */
const HAN_OPPOSITES: readonly (readonly [string, readonly string[]])[] = [
  ['允许', ['禁止', '不准', '严禁']],
  ['继续', ['停止', '终止', '停药']],
  ['更强', ['更弱', '较弱']],
  ['高峰', ['低谷']],
  ['升档', ['降档']],
  ['升级', ['降级']],
  ['室内', ['室外', '户外']],
  ['干燥', ['潮湿', '湿润']],
  ['强制', ['自愿']],
  ['上限', ['下限']],
  ['打开', ['关闭']],
  ['开启', ['关闭']],
  ['启用', ['停用', '禁用']],
  ['增加', ['减少']],
  ['提高', ['降低']],
  ['上升', ['下降']],
  ['上涨', ['下跌']],
  ['包括', ['排除']],
  ['接受', ['拒绝']],
  ['成功', ['失败']],
  ['之前', ['之后']],
  ['以前', ['以后']],
  ['更多', ['更少']],
  ['最大', ['最小']],
  ['最高', ['最低']],
  ['同步', ['异步']],
  ['公开', ['私有']],
  ['必须', ['可选']],
  ['必需', ['可选']],
  ['有效', ['失效']],
  ['安全', ['危险']],
  ['延长', ['缩短']],
  ['安装', ['卸载']],
  ['添加', ['删除']],
  ['免费', ['收费', '付费']],
  ['上午', ['下午']],
  ['早于', ['晚于']],
  ['提前', ['推迟']],
  ['扩大', ['缩小']],
  ['加快', ['减慢']],
  ['开始', ['结束']],
  ['开馆', ['闭馆']],
  ['开门', ['关门']],
  ['在线', ['离线']],
  ['支持', ['反对']],
  ['同意', ['反对']],
  ['盈利', ['亏损']],
  ['买入', ['卖出']],
  ['进口', ['出口']],
  ['白天', ['夜间', '晚上', '夜里']],
  ['内部', ['外部']],
  ['本地', ['远程']],
  ['手动', ['自动']],
  ['静态', ['动态']],
  ['正数', ['负数']],
  ['简单', ['复杂']],
  ['宽松', ['严格']],
  ['公开', ['保密']],
  ['增长', ['下降', '减少']],
  ['升高', ['降低']],
  ['可逆', ['不可逆']],
  ['上调', ['下调']],
  ['加息', ['降息']],
  ['顺时针', ['逆时针']],
  ['开放', ['关闭']],
  ['营业', ['休息', '停业']],
  ['保留', ['删除', '清除', '倒掉', '丢弃']],
  ['包含', ['除外', '不含']],
  ['关闭', ['打开']],
  ['空腹', ['饭后']],
];

/** Words said in other words often enough that a rewording should still find them. */
const SAME_AS: readonly (readonly [string, readonly string[]])[] = [
  ['require', ['need', 'necessary', 'needed', 'requirement']],
  ['mandatory', ['compulsory', 'obligatory']],
  ['wet', ['moist', 'damp']],
  ['start', ['begin', 'commence', 'launch']],
  ['fast', ['quick', 'rapid', 'speedy', 'faster']],
  ['frequent', ['common', 'often']],
  ['increase', ['raise', 'boost', 'higher']],
  ['warmer', ['hotter']],
  ['extend', ['lengthen', 'prolong']],
  ['longer', ['taller']],
  ['long', ['tall']],
  ['use', ['employ', 'utilize', 'utilise', 'usage']],
  ['allow', ['permit', 'let', 'enable']],
  ['buy', ['purchase']],
  ['get', ['obtain', 'receive', 'acquire']],
  ['help', ['assist', 'aid']],
  ['change', ['modify', 'alter', 'adjust']],
  ['show', ['display']],
  ['leave', ['depart', 'departure']],
  ['arrive', ['arrival', 'reach']],
  ['big', ['large', 'huge']],
  ['cost', ['price', 'fee', 'charge']],
  ['make', ['create', 'produce', 'build']],
  ['delete', ['remove', 'erase']],
  ['store', ['save', 'keep', 'persist']],
  ['run', ['execute', 'operate']],
  ['error', ['fault', 'failure']],
  ['user', ['customer', 'client']],
  ['car', ['vehicle', 'automobile']],
  ['doctor', ['physician']],
  ['defeat', ['beat', 'overcome']],
  ['die', ['kill', 'death', 'dead', 'perish']],
  ['reserve', ['reservation']],
];

const HAN_SAME_AS: readonly (readonly [string, readonly string[]])[] = [
  ['需要', ['必须', '需']],
  ['开始', ['启动']],
  ['使用', ['采用', '利用']],
  ['费用', ['价格', '收费', '票价']],
  ['出发', ['发车', '开出', '离开']],
  ['到达', ['抵达']],
  ['删除', ['移除']],
  ['保存', ['存储', '储存']],
];

export interface TermSense {
  term: string;
  /** The word means the term's opposite. */
  inverted: boolean;
}

function stemOf(word: string): string {
  return stemmer(oneSpelling(word));
}

/**
 * The word in one spelling where British and American English write it apart: "organise"/"organize",
 * "analyse"/"analyze", "colour"/"color", "centre"/"center", "cancelled"/"canceled", "licence"/"license". An answer
 * often spells otherwise than its source. The endings are turned alike on both sides, so no two words become one.
 */
function oneSpelling(word: string): string {
  const listed = SPELLINGS.get(word);
  if (listed !== undefined) return listed;
  // Most words hold neither ending: told without the patterns.
  if (word.length < 6 || (!word.includes('is') && !word.includes('ys'))) return word;
  return word.replace(ISE_ENDING, 'iz$1').replace(YSE_ENDING, 'yz$1');
}

const ISE_ENDING = /(?<=^.{3,})is(e|es|ed|ing|ation|ations|er|ers)$/;
const YSE_ENDING = /ys(e|es|ed|ing)$/;
/** British forms the endings do not tell, and their American twins. */
const SPELLINGS: ReadonlyMap<string, string> = new Map(
  (
    'colour:color colours:colors coloured:colored favour:favor favourite:favorite behaviour:behavior ' +
    'labour:labor neighbour:neighbor honour:honor flavour:flavor harbour:harbor humour:humor rumour:rumor ' +
    'centre:center centres:centers metre:meter metres:meters litre:liter litres:liters theatre:theater ' +
    'fibre:fiber kilometre:kilometer kilometres:kilometers centimetre:centimeter centimetres:centimeters ' +
    'millimetre:millimeter millimetres:millimeters cancelled:canceled cancelling:canceling travelled:traveled ' +
    'travelling:traveling traveller:traveler travellers:travelers labelled:labeled labelling:labeling ' +
    'modelling:modeling fuelled:fueled signalled:signaled levelled:leveled totalled:totaled enrol:enroll ' +
    'enrolment:enrollment enrols:enrolls fulfil:fulfill fulfilment:fulfillment instalment:installment ' +
    'instalments:installments licence:license licences:licenses defence:defense offence:offense ' +
    'programme:program programmes:programs catalogue:catalog dialogue:dialog grey:gray aluminium:aluminum ' +
    'jewellery:jewelry enquiry:inquiry enquiries:inquiries ageing:aging judgement:judgment mould:mold plough:plow'
  )
    .split(' ')
    .map((pair) => pair.split(':') as [string, string]),
);

function buildSenses(): Map<string, TermSense> {
  const senses = new Map<string, TermSense>();
  for (const [base, others] of SAME_AS) {
    for (const other of others) senses.set(stemOf(other), { term: stemOf(base), inverted: false });
  }
  for (const [base, opposites] of OPPOSITES) {
    // The opposite of a word that is itself an opposite is plain ("minority" against "majority", itself "minor"
    // turned).
    const { term, inverted } = senses.get(stemOf(base)) ?? { term: stemOf(base), inverted: false };
    for (const opposite of opposites) senses.set(stemOf(opposite), { term, inverted: !inverted });
  }
  return senses;
}

function buildHanSenses(): Map<string, TermSense> {
  const senses = new Map<string, TermSense>();
  for (const [base, others] of HAN_SAME_AS)
    for (const other of others) senses.set(other, { term: base, inverted: false });
  for (const [base, opposites] of HAN_OPPOSITES) {
    const { term, inverted } = senses.get(base) ?? { term: base, inverted: false };
    for (const opposite of opposites) senses.set(opposite, { term, inverted: !inverted });
  }
  return senses;
}

/** The sense that the words of not doing (avoid, skip, refrain, …) say inverted: see the `undertake` opposites. */
const SENSE_OF_DOING = stemOf('undertake');

/**
 * Whether a term says a thing is not done, of the words after it: "avoid vitamin supplements", "skip breakfast";
 * in Chinese, a ban or a stop before what it bans or stops (`严禁托运`, `停止上山`).
 */
export function deniesItsObject(term: { term: string; inverted: boolean }): boolean {
  return term.inverted && (term.term === SENSE_OF_DOING || HAN_DENYING_OBJECT.has(term.term));
}

/** The senses whose Chinese opposites ban or stop what follows them. */
const HAN_DENYING_OBJECT: ReadonlySet<string> = new Set(['允许', '继续']);

// Built once from the tables above and never changed: safe to share across requests.
const LATIN_SENSES: ReadonlyMap<string, TermSense> = buildSenses();
const HAN_SENSES: ReadonlyMap<string, TermSense> = buildHanSenses();

/**
 * A word's reading, worked out once for every text that uses it among the words read lately: stemming a word costs a
 * dozen patterns, and a paragraph's words are mostly those of the sources and answers read before it. A reading is a
 * pure function of its word, made once and never changed (the checks read a sense's term and polarity, and copy
 * them), so any text may take it from any other, in any order, and a word dropped from the table is only worked out
 * again. Bounded: once it holds `KEPT_WORDS` words, the word kept longest is dropped for each new one.
 */
class SharedReadings<T> {
  private readonly kept = new Map<string, T>();

  constructor(private readonly work: (lower: string) => T) {}

  get(lower: string): T {
    let found = this.kept.get(lower);
    if (found === undefined) {
      found = this.work(lower);
      if (this.kept.size >= KEPT_WORDS) this.kept.delete(this.kept.keys().next().value!);
      this.kept.set(lower, found);
    }
    return found;
  }
}

/** About the words of a few hundred answers and their sources: a few hundred kilobytes. */
const KEPT_WORDS = 8192;
const SHARED_SENSES = new SharedReadings(senseOf);
const SHARED_STEMS = new SharedReadings(stemOf);

/** The term of an English word (lowercase) and whether it means the term's opposite. */
export function wordSense(lower: string): TermSense {
  return SHARED_SENSES.get(lower);
}

/** The stem of an English word (lowercase), in one spelling (see `oneSpelling`). */
export function wordStem(lower: string): string {
  return SHARED_STEMS.get(lower);
}

function senseOf(written: string): TermSense {
  // "aspirin's" is said of aspirin; "kept" is "keep".
  const bare = written.replace(/['’]s?$/u, '');
  const lower = IRREGULAR.get(bare) ?? bare;
  // Stemmed once: the stem is both looked up in the tables and, when they do not hold it, the term.
  const stem = stemOf(lower);
  const known = knownSense(lower, stem);
  if (known) return known;
  // "unencrypted", "non-blocking", "unnecessarily": the prefix denies the rest, when the rest is a word of its own.
  const prefixed = /^(?:un|non-?|ir(?=r)|il(?=l))(.{4,})$/.exec(lower);
  if (prefixed) {
    const restStem = stemOf(prefixed[1]!);
    const rest = knownSense(prefixed[1]!, restStem);
    return rest ? { term: rest.term, inverted: !rest.inverted } : { term: restStem, inverted: true };
  }
  return { term: stem, inverted: false };
}

/** The sense the tables give a word (whose stem is `stem`), or the adjective an adverb is made from ("quickly"). */
function knownSense(lower: string, stem: string): TermSense | undefined {
  const known = LATIN_SENSES.get(stem);
  if (known || !lower.endsWith('ly') || lower.length < 6 || ADVERBS_OF_OTHER_SENSE.has(lower)) return known;
  return LATIN_SENSES.get(stemOf(lower.slice(0, -2)));
}

/** Adverbs that do not say what their adjective says: "hardly" is "barely", "shortly" "soon". */
const ADVERBS_OF_OTHER_SENSE: ReadonlySet<string> = new Set([
  'hardly',
  'shortly',
  'closely',
  'largely',
  'mostly',
  'lately',
]);

/** Single characters with an opposite, compared on their own beside the character pairs: 早 and 晚, 多 and 少. */
const HAN_CHAR_OPPOSITES: ReadonlyMap<string, TermSense> = new Map(
  [
    ['早', '晚'],
    ['多', '少'],
    ['高', '低'],
    ['长', '短'],
    ['快', '慢'],
    ['增', '减'],
    ['涨', '跌'],
    ['升', '降'],
    ['开', '关'],
    ['前', '后'],
    ['冷', '热'],
    ['大', '小'],
    ['易', '难'],
    ['赢', '输'],
    ['胜', '负'],
    ['上', '下'],
  ].flatMap(([base, opposite]): [string, TermSense][] => [
    [base!, { term: base!, inverted: false }],
    [opposite!, { term: base!, inverted: true }],
  ]),
);

export function hanCharSense(char: string): TermSense | undefined {
  return HAN_CHAR_OPPOSITES.get(char);
}

/**
 * Words in which such a character means something else than its opposite's other side: 少儿 and 少年 are the young,
 * not "few"; 大学 and 小学 are kinds of school; 关于 is "about", 开发 "develop".
 */
const HAN_CHAR_WORDS: ReadonlySet<string> = new Set(['少儿', '少年', '少女', '大学', '小学', '关于', '开发', '上海']);

/** Words that end with the first character of such a word: 至少年满 is 至少 and 年满, not 少年. */
const HAN_WORDS_BEFORE: ReadonlySet<string> = new Set(
  '至少 最少 减少 缺少 多少 很少 较少 不少 稀少 最大 较大 扩大 放大 最小 较小 缩小 减小 大小 无关 有关 相关 机关'.split(
    ' ',
  ),
);

/** Whether the character pair is a word whose last character is not the first of the pair after it. */
export function endsHanWord(pair: string | undefined): boolean {
  return pair !== undefined && HAN_WORDS_BEFORE.has(pair);
}

/** Whether the character pair is a word in which its characters' opposites are not meant. */
export function hanCharWord(pair: string | undefined): boolean {
  return pair !== undefined && HAN_CHAR_WORDS.has(pair);
}

/** The sense of a Chinese character pair the check knows a rewording or an opposite of; none for the others. */
export function hanSense(pair: string): TermSense | undefined {
  return HAN_SENSES.get(pair);
}

export function stem(lower: string): string {
  return wordStem(lower);
}

/** The sense "open", "opens", "closes" and "shuts" share: to close is to open turned. */
export const OPEN_SENSE = wordSense('open').term;
