import type { Clause } from './claim-profile.js';
import { comparesInChinese } from './han-comparison.js';
import { Note } from './notes.js';

/**
 * Whether a clause compares two things, and so says something of both at once: "the Oak Suite takes twice as many
 * people as the Birch Suite", "80 against 40", "the Business Visa instead of the Tourist Visa",
 * `第三阶梯的气价比第一阶梯每立方米贵1.30元`. A bound ("no more than 5", "more than an hour") or a condition ("as long
 * as they are under control") compares nothing. Chinese comparisons are read as han-comparison.ts reads them.
 */
export function comparesTwo(clause: Clause): boolean {
  return (
    comparing.get(clause) ??
    comparing.set(clause, COMPARING.test(clause.text) || (clause.holdsHan && comparesInChinese(clause)))
  );
}

/** Each clause's answer, worked out once: a claim clause is asked of every source sentence that sets things apart. */
const comparing = new Note<boolean>();

const COMPARING = new RegExp(
  [
    // "twice as many people as", "as much data as"
    String.raw`\b(?:twice|half|\w+ times) as \w+(?:\s+\w+){0,2}\s+as\b`,
    String.raw`\bas (?:many|much)(?:\s+\w+){0,2}\s+as\b`,
    // "cheaper than the Basic plan", "longer battery life than", but not "no more than 5" or "more than an hour"
    String.raw`\b(?<!(?:no|not)\s)(?:\w+er|more|less|more \w+|less \w+)\s+than\s+(?:the|its|their|[A-Z])`,
    String.raw`\b(?:versus|vs\.?|instead of|rather than|compared (?:with|to))\b`,
    String.raw`\b\d+\s+against\s+\d+\b`,
  ].join('|'),
);
