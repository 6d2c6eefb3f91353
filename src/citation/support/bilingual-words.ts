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

/** English stems and word senses to a concept (the first English word of its row). */
const BY_STEM = new Map<string, string>();
/** Chinese words and their concept, longest first. */
const HAN_FORMS: (readonly [string, string])[] = [];

{
  for (const [english, chinese] of CONCEPTS) {
    for (const word of english) BY_STEM.set(wordStem(word), english[0]!);
    for (const form of chinese) HAN_FORMS.push([form, english[0]!]);
  }
  // A word's sense ("departs" reads as "leave", "charge" as "cost") where no row claims that stem itself.
  for (const [english] of CONCEPTS) {
    for (const word of english) {
      const term = wordSense(word).term;
      if (!BY_STEM.has(term)) BY_STEM.set(term, english[0]!);
    }
  }
  HAN_FORMS.sort((a, b) => b[0].length - a[0].length);
}

/** The concepts an English word (a term's stem or sense) says. */
export function englishConcept(term: string): string | undefined {
  return BY_STEM.get(term);
}

/** The indexes of the Chinese forms, by the code of their first character. */
const FORMS_BY_FIRST = new Map<number, number[]>();
HAN_FORMS.forEach(([form], f) => {
  const first = form.charCodeAt(0);
  const forms = FORMS_BY_FIRST.get(first);
  if (forms === undefined) FORMS_BY_FIRST.set(first, [f]);
  else forms.push(f);
});

/**
 * The concepts Chinese text says, in the order of the forms above, from forms of at least `shortest` characters (a
 * single character such as 末 or 总 is as often part of another word: 周末, 总是). The forms that start at each character are
 * looked up by it, rather than each form looked for in the whole text.
 */
export function hanConcepts(text: string, into: Set<string> = new Set(), shortest = 1): Set<string> {
  const found: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const forms = FORMS_BY_FIRST.get(text.charCodeAt(i));
    if (forms === undefined) continue;
    for (const f of forms) {
      const form = HAN_FORMS[f]![0];
      if (form.length >= shortest && text.startsWith(form, i)) found.push(f);
    }
  }
  found.sort((a, b) => a - b);
  for (const f of found) into.add(HAN_FORMS[f]![1]);
  return into;
}
