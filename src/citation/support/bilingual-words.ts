import { wordSense, wordStem } from './claim-words.js';

/**
 * What an English and a Chinese text can both be seen to speak of, though they share no word: a small table of
 * common words (what is measured, counted or timed) and the Chinese words that say them. It binds a sentence in
 * one language to the clause of a source in the other that speaks of the same thing; it never verifies.
 */
const CONCEPTS: readonly (readonly [readonly string[], readonly string[]])[] = [
  [
    ['arrive', 'arrival', 'reach'],
    ['到达', '抵达', '到站', '抵'],
  ],
  [
    ['depart', 'departure', 'leave'],
    ['出发', '发车', '开出', '起飞', '离开', '驶离'],
  ],
  [
    ['price', 'cost', 'fare', 'ticket'],
    ['票价', '价格', '售价', '票', '收费', '费用'],
  ],
  [['adult'], ['成人', '成年']],
  [
    ['child', 'children', 'kid'],
    ['儿童', '孩子', '小孩', '幼儿'],
  ],
  [
    ['dose', 'dosage'],
    ['剂量', '用量', '每次', '一次'],
  ],
  [['weight', 'weigh'], ['重']],
  [['speed'], ['速']],
  [['temperature'], ['温度', '气温', '水温']],
  [['capacity'], ['容量']],
  [['power'], ['功率']],
  [['first'], ['首', '第一']],
  [
    ['last', 'final'],
    ['末', '最后'],
  ],
  [
    ['maximum', 'most'],
    ['最多', '最高', '最大', '至多'],
  ],
  [
    ['minimum', 'least'],
    ['最少', '最低', '至少'],
  ],
  [['total'], ['总', '合计']],
  [
    ['floor', 'storey'],
    ['层', '楼'],
  ],
  [['station', 'stop'], ['站']],
  [['seat'], ['座']],
  [['first-class'], ['一等', '头等']],
  [['second-class'], ['二等']],
  [
    ['business', 'business-class'],
    ['商务', '公务'],
  ],
  [['economy', 'economy-class'], ['经济']],
  [['room'], ['房间', '客房']],
  [
    ['house', 'home'],
    ['房屋', '住宅', '房子'],
  ],
  [
    ['ship', 'boat', 'vessel', 'ferry'],
    ['船', '艘', '渡'],
  ],
  [
    ['car', 'vehicle'],
    ['车', '辆'],
  ],
  [['train'], ['列车', '火车', '动车', '高铁']],
  [['flight'], ['航班']],
  [['passenger'], ['乘客', '旅客']],
  [['people', 'person', 'resident', 'visitor'], ['人']],
  [['population'], ['人口']],
  [['country', 'nation'], ['国家']],
  [['student'], ['学生']],
  [['school'], ['学校']],
  [
    ['employee', 'staff'],
    ['员工', '职工'],
  ],
  [['book'], ['书', '册']],
  [['medal'], ['牌']],
  [['gold'], ['金']],
  [['silver'], ['银']],
  [['bronze'], ['铜']],
  [['battery'], ['电池']],
  [
    ['charge', 'charging'],
    ['充电', '充'],
  ],
  [['screen', 'display'], ['屏']],
  [['water'], ['水']],
  [
    ['outdoor', 'outside'],
    ['室外', '户外'],
  ],
  [['indoor', 'inside'], ['室内']],
  [
    ['run', 'operate'],
    ['运行', '运转', '运营'],
  ],
  [['read', 'reading'], ['阅读']],
  [['quick', 'fast', 'express'], ['快']],
  [['standard'], ['标准']],
  [['free'], ['免费']],
  [
    ['revenue', 'income'],
    ['收入', '营收'],
  ],
  [['profit'], ['利润']],
  [['interest'], ['利率', '利息']],
  [['tax'], ['税']],
  [['deposit'], ['存款']],
  [
    ['salary', 'wage'],
    ['工资', '薪'],
  ],
  [
    ['bed', 'sleeper'],
    ['床', '卧'],
  ],
  [['match', 'game'], ['比赛']],
  [['goal'], ['进球']],
];

/**
 * More words, read only where two values of one sentence are set against each other (cross-language-swap.ts): what
 * each value is said of. They do not bind a sentence to a clause: there, a word such as "member" or 会员 is said by
 * too many clauses of a source, and binding by these words warned about as many correct sentences as it caught.
 */
const OWNER_WORDS: readonly (readonly [readonly string[], readonly string[]])[] = [
  [['download'], ['下载']],
  [['upload'], ['上传']],
  [['peak'], ['高峰']],
  [['off-peak'], ['低峰', '平峰', '非高峰']],
  [
    ['quarterly', 'quarter'],
    ['季卡', '季度', '每季'],
  ],
  [
    ['annual', 'yearly'],
    ['年卡', '年费', '每年', '年度'],
  ],
  [['monthly'], ['月卡', '月费', '每月', '月租']],
  [['weekly'], ['周卡', '每周']],
  [
    ['bath', 'bathe', 'bathing'],
    ['洗澡', '洗浴'],
  ],
  [['exercise'], ['运动', '锻炼']],
  [['member', 'membership'], ['会员']],
  [['guest'], ['住客', '客人', '访客']],
  [
    ['senior', 'elderly', 'pensioner'],
    ['老人', '老年', '长者'],
  ],
  [['infant', 'baby'], ['婴儿']],
  [['breakfast'], ['早餐']],
  [['lunch'], ['午餐']],
  [['dinner'], ['晚餐']],
  [['parking'], ['停车']],
  [['refund'], ['退款', '退票', '退费']],
  [['weekday'], ['工作日']],
  [['weekend'], ['周末']],
  [['morning'], ['上午', '早上']],
  [['afternoon'], ['下午']],
  [
    ['evening', 'night', 'overnight', 'nighttime'],
    ['晚上', '夜间', '夜里'],
  ],
  [['daytime'], ['白天', '日间']],
  [
    ['additional', 'extra'],
    ['每多', '额外', '另加'],
  ],
  [['half'], ['半价', '一半']],
  [
    ['fine', 'penalty'],
    ['罚款', '罚金'],
  ],
  [['height'], ['身高']],
  [
    ['pool', 'swimming'],
    ['泳池', '游泳'],
  ],
  [['exam'], ['考试']],
  [['luggage', 'baggage'], ['行李']],
  [['pet'], ['宠物']],
  [
    ['vaccine', 'vaccination'],
    ['疫苗', '接种'],
  ],
  [
    ['delivery', 'shipping'],
    ['配送', '运费'],
  ],
  [['overdraft'], ['透支']],
  [['check-in'], ['入住', '登记入住']],
  [['check-out', 'checkout'], ['退房']],
  [
    ['bus', 'coach', 'shuttle'],
    ['公交', '巴士', '班车', '大巴'],
  ],
];

/** English stems and word senses to a concept, and Chinese forms to theirs: one table's lookups. */
class ConceptTable {
  /** English stems and word senses to a concept (the first English word of its row). */
  private readonly byStem = new Map<string, string>();
  /** Chinese words and their concept, longest first. */
  private readonly hanForms: (readonly [string, string])[] = [];
  /** The indexes of the Chinese forms, by the code of their first character. */
  private readonly formsByFirst = new Map<number, number[]>();

  constructor(rows: readonly (readonly [readonly string[], readonly string[]])[]) {
    for (const [english, chinese] of rows) {
      for (const word of english) this.byStem.set(wordStem(word), english[0]!);
      for (const form of chinese) this.hanForms.push([form, english[0]!]);
    }
    // A word's sense ("departs" reads as "leave", "charge" as "cost") where no row claims that stem itself.
    for (const [english] of rows) {
      for (const word of english) {
        const term = wordSense(word).term;
        if (!this.byStem.has(term)) this.byStem.set(term, english[0]!);
      }
    }
    this.hanForms.sort((a, b) => b[0].length - a[0].length);
    this.hanForms.forEach(([form], f) => {
      const first = form.charCodeAt(0);
      const forms = this.formsByFirst.get(first);
      if (forms === undefined) this.formsByFirst.set(first, [f]);
      else forms.push(f);
    });
  }

  english(term: string): string | undefined {
    return this.byStem.get(term);
  }

  /**
   * The concepts Chinese text says, in the order of the forms, from forms of at least `shortest` characters (a
   * single character such as 末 or 总 is as often part of another word: 周末, 总是). The forms that start at each
   * character are looked up by it, rather than each form looked for in the whole text.
   */
  han(text: string, into: Set<string>, shortest: number): Set<string> {
    const found: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const forms = this.formsByFirst.get(text.charCodeAt(i));
      if (forms === undefined) continue;
      for (const f of forms) {
        const form = this.hanForms[f]![0];
        if (form.length >= shortest && text.startsWith(form, i)) found.push(f);
      }
    }
    found.sort((a, b) => a - b);
    for (const f of found) into.add(this.hanForms[f]![1]);
    return into;
  }
}

const BINDING = new ConceptTable(CONCEPTS);
const OWNERS = new ConceptTable([...CONCEPTS, ...OWNER_WORDS]);

/** The concepts an English word (a term's stem or sense) says. */
export function englishConcept(term: string): string | undefined {
  return BINDING.english(term);
}

/** The concepts Chinese text says, from forms of at least `shortest` characters. */
export function hanConcepts(text: string, into: Set<string> = new Set(), shortest = 1): Set<string> {
  return BINDING.han(text, into, shortest);
}

/**
 * The concepts a stretch of text in either language says of the value it holds, from the larger table, and the
 * words it writes in Latin letters.
 */
export function ownerConcepts(text: string): Set<string> {
  const found = OWNERS.han(text, new Set(), 1);
  for (const word of text.toLowerCase().match(/[a-z][a-z-]*/g) ?? []) {
    const stem = wordStem(word);
    const concept = OWNERS.english(word) ?? OWNERS.english(stem);
    if (concept !== undefined) found.add(concept);
    // A word in Latin letters is the same word in both languages: a name or a code a Chinese text writes as it is
    // ("Starter套餐", "DVD").
    else if (word.length > 1) found.add(`=${stem}`);
  }
  return found;
}
