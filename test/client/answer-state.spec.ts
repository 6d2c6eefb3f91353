import {
  applyEvent,
  hasContradiction,
  initialState,
  noticesOf,
  pendingText,
  sourcesInOrder,
  type AnswerState,
  type WireEvent,
} from '../../packages/client/src/index.js';

const ref = (citationId: string, displayNumber: number) =>
  JSON.stringify({
    citationId,
    displayNumber,
    type: 'embedding',
    payload: {
      embeddingId: citationId,
      text: `text of ${citationId}`,
      score: 1,
      kbUuid: 'k',
      kbItemUuid: 'i',
      title: citationId,
    },
  });
const paragraph = (paragraphIndex: number, text: string, citationIds: string[], extra: object = {}) =>
  JSON.stringify({ paragraphIndex, text, citationIds, citationNumbers: citationIds.map((_, i) => i + 1), ...extra });

function run(events: WireEvent[], from: AnswerState = initialState()): AnswerState {
  return events.reduce(applyEvent, from);
}

const STREAM: WireEvent[] = [
  { event: '[START]', data: '', id: '1' },
  { event: '[STATE_CHANGED]', data: '{"state":"question_analysing","remark":"问题分析中"}', id: '2' },
  { data: 'First.', id: '3' },
  { event: '[CITATION_REF]', data: ref('E2', 1), id: '4' },
  { event: '[CITATION_PARAGRAPH]', data: paragraph(0, 'First.', ['E2']), id: '5' },
  { data: '-_wrap_-', id: '6' },
  { data: '-_wrap_-', id: '7' },
  { data: 'Second', id: '8' },
];

describe('the answer state', () => {
  it('grows event by event: text, refs by id, paragraphs by index, the paragraph being written', () => {
    const state = run(STREAM);
    expect(state.status).toBe('streaming');
    expect(state.phase?.state).toBe('question_analysing');
    expect(state.text).toBe('First.\n\nSecond');
    expect(state.paragraphs.map((p) => p.text)).toEqual(['First.']);
    expect(state.refs.E2?.displayNumber).toBe(1);
    expect(pendingText(state)).toBe('Second');
    expect(state.lastEventId).toBe(8);
  });

  it('ignores events it has already applied, so an overlapping replay changes nothing', () => {
    const once = run(STREAM);
    expect(run(STREAM, once)).toBe(once);
  });

  it('replaces a paragraph received again under the same index instead of appending', () => {
    const state = run([
      { event: '[CITATION_PARAGRAPH]', data: paragraph(0, 'Old.', []) },
      { event: '[CITATION_PARAGRAPH]', data: paragraph(0, 'New.', ['E1']) },
    ]);
    expect(state.paragraphs).toHaveLength(1);
    expect(state.paragraphs[0]).toMatchObject({ text: 'New.', citationIds: ['E1'] });
  });

  it('applies a later verdict to the paragraph it names, its evidence replacing the first one’s', () => {
    const conflict = { kind: 'number' as const, claim: '45 seconds', source: '30 seconds' };
    const state = run([
      {
        event: '[CITATION_PARAGRAPH]',
        data: paragraph(0, 'A claim.', ['E1', 'E2'], {
          support: [
            { citationId: 'E1', score: 0.2, verdict: 'unverified' },
            {
              citationId: 'E2',
              score: 0.9,
              verdict: 'verified',
              evidence: { spans: [{ start: 0, end: 4 }] },
              quote: { text: 'x', start: 0, end: 1 },
            },
          ],
          verdict: 'verified',
          supported: true,
        }),
      },
      {
        event: '[CITATION_VERDICT]',
        data: JSON.stringify({
          paragraphIndex: 0,
          verifier: 'model',
          verdicts: [{ citationId: 'E2', verdict: 'contradicted', score: 0.8, evidence: { spans: [], conflict } }],
        }),
      },
    ]);
    expect(state.paragraphs[0]!.support).toEqual([
      { citationId: 'E1', score: 0.2, verdict: 'unverified' },
      {
        citationId: 'E2',
        score: 0.8,
        verdict: 'contradicted',
        evidence: { spans: [], conflict },
        quote: { text: 'x', start: 0, end: 1 },
        verifier: 'model',
      },
    ]);
    expect(state.paragraphs[0]).toMatchObject({ verdict: 'contradicted', supported: false });
    expect(hasContradiction(state.paragraphs[0]!)).toBe(true);
  });

  it('says each paragraph’s verdict, and warns only of a contradicted one', () => {
    const state = run([
      {
        event: '[CITATION_PARAGRAPH]',
        data: paragraph(0, 'Found.', ['E1'], {
          support: [{ citationId: 'E1', score: 1, verdict: 'verified' }],
          verdict: 'verified',
          supported: true,
        }),
      },
      {
        event: '[CITATION_PARAGRAPH]',
        data: paragraph(1, 'Cannot tell.', ['E1'], {
          support: [{ citationId: 'E1', score: 0.1, verdict: 'unverified' }],
          verdict: 'unverified',
          supported: false,
        }),
      },
      {
        event: '[CITATION_PARAGRAPH]',
        data: paragraph(2, 'Wrong.', ['E1'], {
          support: [{ citationId: 'E1', score: 0.9, verdict: 'contradicted' }],
          verdict: 'contradicted',
          supported: false,
        }),
      },
      { event: '[CITATION_PARAGRAPH]', data: paragraph(3, 'Not checked.', ['E1']) },
    ]);
    expect(state.paragraphs.map((p) => p.verdict)).toEqual(['verified', 'unverified', 'contradicted', undefined]);
    expect(state.paragraphs.map(hasContradiction)).toEqual([false, false, true, false]);
  });

  it('reads an older server’s supported and unsupported as verified and unverified', () => {
    const state = run([
      {
        event: '[CITATION_PARAGRAPH]',
        data: paragraph(0, 'Old.', ['E1', 'E2'], {
          support: [
            { citationId: 'E1', score: 0.9, verdict: 'supported' },
            { citationId: 'E2', score: 0.1, verdict: 'unsupported' },
          ],
          supported: true,
        }),
      },
    ]);
    expect(state.paragraphs[0]).toMatchObject({
      verdict: 'verified',
      supported: true,
      support: [
        { citationId: 'E1', verdict: 'verified' },
        { citationId: 'E2', verdict: 'unverified' },
      ],
    });
    expect(hasContradiction(state.paragraphs[0]!)).toBe(false);
  });

  it('ends with [DONE]: META read, the answer uuid known; sources listed in number order', () => {
    const state = run([
      ...STREAM,
      { event: '[CITATION_REF]', data: ref('E1', 2), id: '9' },
      {
        event: '[CITATION_DONE]',
        data: '{"citationMode":"paragraph","paragraphCount":1,"refCount":2,"hasCitationError":true}',
        id: '10',
      },
      {
        event: '[DONE]',
        data: '[META]{"question":{"tokens":3,"uuid":"q"},"answer":{"tokens":2,"uuid":"a","isRefEmbedding":true,"isRefGraph":false,"truncated":true}}',
        id: '11',
      },
    ]);
    expect(state.status).toBe('done');
    expect(state.answerUuid).toBe('a');
    expect(sourcesInOrder(state).map((r) => r.citationId)).toEqual(['E2', 'E1']);
    expect(noticesOf(state)).toEqual({ fellBack: true, truncated: true, refused: false, stopped: false });
    // After a fallback, the text after the last paragraph is the rest of the answer, shown as plain text.
    expect(pendingText(state)).toBe('Second');
  });

  it('reads a stopped answer as stopped, never as one that broke the citation format', () => {
    const state = run([
      ...STREAM,
      {
        event: '[CITATION_DONE]',
        data: '{"citationMode":"paragraph","paragraphCount":1,"refCount":1,"hasCitationError":true}',
        id: '9',
      },
      {
        event: '[DONE]',
        data: '[META]{"question":{"uuid":"q"},"answer":{"uuid":"a","isRefEmbedding":true,"isRefGraph":false,"hasCitationError":true,"stopped":true}}',
        id: '10',
      },
    ]);
    expect(state.status).toBe('done');
    expect(noticesOf(state)).toEqual({ fellBack: false, truncated: false, refused: false, stopped: true });
  });

  it('reads [ERROR] as a code and a message', () => {
    const state = run([{ event: '[ERROR]', data: 'ANSWER_NOT_FOUND: no such answer' }]);
    expect(state.status).toBe('error');
    expect(state.error).toEqual({ code: 'ANSWER_NOT_FOUND', message: 'no such answer' });
  });
});
