import type { CitationSummary } from '../citation/citation-events.js';
import { AnswerFrameMapper } from './answer-frames.js';
import type { AnswerEvent } from './answer-events.js';
import { ModelTimeoutError } from '../model/model-errors.js';

const paragraph = { paragraphIndex: 0, text: 'One.', citationIds: ['E1'], citationNumbers: [1] };
const ref = {
  citationId: 'E1',
  displayNumber: 1,
  type: 'embedding' as const,
  payload: { embeddingId: 'x', text: 't', score: 1, kbUuid: 'k', kbItemUuid: 'i', title: 'T' },
};
const summary: CitationSummary = {
  citationMode: 'paragraph',
  paragraphCount: 1,
  refCount: 1,
  hasCitationError: false,
  droppedCitationCount: 0,
  uncitedParagraphCount: 0,
  verifiedCitationCount: 2,
  unverifiedCitationCount: 1,
  contradictedCitationCount: 3,
  verifiedParagraphCount: 1,
  contradictedParagraphCount: 4,
  inferredParagraphCount: 0,
  unverifiedQuoteCount: 0,
  refused: false,
  outcome: 'complete',
  answerText: 'One.',
  refs: [ref],
};
const events: AnswerEvent[] = [
  { type: 'thinking', text: 'hmm' },
  { type: 'text', text: 'One.' },
  { type: 'ref', ref },
  { type: 'paragraph', paragraph },
];
const meta = { questionUuid: 'q', answerUuid: 'a', isRefEmbedding: true, isRefGraph: false };

function run(mapper: AnswerFrameMapper) {
  return [...mapper.start(), ...events.flatMap((event) => mapper.event(event)), ...mapper.done(summary, meta)];
}

describe('AnswerFrameMapper', () => {
  it('numbers every event from 1 and sends citation events only when asked', () => {
    const asked = run(new AnswerFrameMapper({ profile: 'chat', citationEvents: true }));
    expect(asked.map((frame) => frame.event ?? 'text')).toEqual([
      '[START]',
      '[THINKING]',
      'text',
      '[CITATION_REF]',
      '[CITATION_PARAGRAPH]',
      '[CITATION_DONE]',
      '[DONE]',
    ]);
    expect(asked.map((frame) => frame.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(JSON.parse(asked[4]!.data)).toEqual(paragraph);
    const legacy = run(new AnswerFrameMapper({ profile: 'chat', citationEvents: false }));
    expect(legacy.map((frame) => frame.event ?? 'text')).toEqual(['[START]', '[THINKING]', 'text', '[DONE]']);
    expect(JSON.parse(legacy.at(-1)!.data.slice('[META]'.length))).toEqual({
      question: { uuid: 'q' },
      answer: {
        uuid: 'a',
        isRefEmbedding: true,
        isRefGraph: false,
        citationMode: 'paragraph',
        paragraphCount: 1,
        refCount: 1,
        hasCitationError: false,
        droppedCitationCount: 0,
        uncitedParagraphCount: 0,
        verifiedCitationCount: 2,
        unverifiedCitationCount: 1,
        contradictedCitationCount: 3,
        verifiedParagraphCount: 1,
        contradictedParagraphCount: 4,
        // Older names: contradicted citations, verified paragraphs.
        unsupportedCitationCount: 3,
        supportedParagraphCount: 1,
        inferredParagraphCount: 0,
        unverifiedQuoteCount: 0,
      },
    });
  });

  it('says refused and truncated in [META] only when they are true, and always in [CITATION_DONE]', () => {
    const mapper = new AnswerFrameMapper({ profile: 'chat', citationEvents: true });
    const [done, end] = mapper.done({ ...summary, refused: true, truncated: true }, meta);
    expect(JSON.parse(done!.data)).toMatchObject({
      refused: true,
      truncated: true,
      verifiedCitationCount: 2,
      unverifiedCitationCount: 1,
      contradictedCitationCount: 3,
      verifiedParagraphCount: 1,
      contradictedParagraphCount: 4,
      unsupportedCitationCount: 3,
      supportedParagraphCount: 1,
    });
    expect((JSON.parse(end!.data.slice('[META]'.length)) as { answer: unknown }).answer).toMatchObject({
      refused: true,
      truncated: true,
    });
    const [plainDone] = new AnswerFrameMapper({ profile: 'chat', citationEvents: true }).done(summary, meta);
    expect(JSON.parse(plainDone!.data)).toMatchObject({ refused: false, truncated: false });
  });

  it('sends a later verdict as a numbered citation event, only to clients that asked for citation events', () => {
    const verdict = {
      paragraphIndex: 0,
      verifier: 'model',
      verdicts: [{ citationId: 'E1', verdict: 'verified' as const, score: 0.9 }],
    };
    const asked = new AnswerFrameMapper({ profile: 'chat', citationEvents: true });
    asked.start();
    expect(asked.verdict(verdict)).toEqual([{ id: 2, event: '[CITATION_VERDICT]', data: JSON.stringify(verdict) }]);
    expect(new AnswerFrameMapper({ profile: 'chat', citationEvents: false }).verdict(verdict)).toEqual([]);
    expect(new AnswerFrameMapper({ profile: 'kb-qa', citationEvents: true }).verdict(verdict)).toEqual([]);
  });

  it('speaks the knowledge-base Q&A page’s smaller set: [START], text, [DONE] with empty data, or [ERROR]', () => {
    const mapper = new AnswerFrameMapper({ profile: 'kb-qa', citationEvents: true });
    const frames = [...run(mapper), ...mapper.state({ state: 'question_analysing', remark: '问题分析中' })];
    expect(frames.map((frame) => frame.event ?? 'text')).toEqual(['[START]', 'text', '[DONE]']);
    expect(frames.at(-1)!.data).toBe('');
    const failing = new AnswerFrameMapper({ profile: 'kb-qa', citationEvents: false });
    expect(failing.error(new ModelTimeoutError(1000)).map((frame) => frame.event)).toEqual(['[ERROR]']);
  });
});
