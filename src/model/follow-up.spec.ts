import { followUpQuery, leansOnEarlier } from './follow-up.js';

describe('follow-up questions', () => {
  it.each([
    'And how is it stored?',
    'What about the second one?',
    'Why do they change?',
    'How?',
    '那它是怎么保存的？',
    '它们存在哪里？',
  ])('"%s" leans on an earlier question', (question) => {
    expect(leansOnEarlier(question)).toBe(true);
  });

  it.each(['How are citation numbers given?', 'Where do quokkas live?', '引用编号是怎么分配的？'])(
    '"%s" stands alone',
    (question) => {
      expect(leansOnEarlier(question)).toBe(false);
    },
  );

  it('searches a follow-up together with the question it leans on, and a standalone question as it is', () => {
    const earlier = ['Where do quokkas live?', 'How are citation numbers given?'];
    expect(followUpQuery('And how is it stored?', earlier)).toBe(
      'How are citation numbers given?\nAnd how is it stored?',
    );
    expect(followUpQuery('Where do pandas live?', earlier)).toBe('Where do pandas live?');
    expect(followUpQuery('And how is it stored?', [])).toBe('And how is it stored?');
  });

  it('reaches back through a chain of follow-ups to the question that names the subject', () => {
    expect(followUpQuery('And why?', ['How are citation numbers given?', 'Do they ever change?'])).toBe(
      'How are citation numbers given?\nDo they ever change?\nAnd why?',
    );
  });
});
