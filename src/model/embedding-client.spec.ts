import { retryAfterMs } from './embedding-client.js';

describe('retryAfterMs', () => {
  it('reads Retry-After as seconds or as an HTTP date, and nothing else', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('0')).toBe(0);
    const now = Date.parse('Thu, 26 Nov 2026 10:00:00 GMT');
    expect(retryAfterMs('Thu, 26 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Thu, 26 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});
