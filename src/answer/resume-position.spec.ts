import { resumePosition } from './resume-position.js';

describe('resumePosition', () => {
  it('starts from the beginning when neither the header nor the query names an event', () => {
    expect(resumePosition(undefined, undefined)).toBe(0);
  });

  it('takes the query when there is no header', () => {
    expect(resumePosition(undefined, '12')).toBe(12);
  });

  it('takes the header, trimmed, when there is one', () => {
    expect(resumePosition('7', undefined)).toBe(7);
    expect(resumePosition(' 42 ', undefined)).toBe(42);
  });

  it('lets the header win over the query', () => {
    expect(resumePosition('3', '12')).toBe(3);
    expect(resumePosition('0', '12')).toBe(0);
  });

  it('counts a header that is not one of our event ids as none: the query, else the start', () => {
    for (const header of ['', 'abc', '-1', '1.5', '1234567890', '5x']) {
      expect(resumePosition(header, '12')).toBe(12);
      expect(resumePosition(header, undefined)).toBe(0);
    }
  });
});
