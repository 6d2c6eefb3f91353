import { verifyQuote } from './quote-verifier.js';

const SOURCE =
  'Proxies often close connections that stay silent for a while. A streaming server therefore sends comment lines as heartbeats.';
const CHINESE = '单程票价为2.40欧元，18岁以下乘客免费。自开通以来票价没有变化。';

describe('verifyQuote', () => {
  it('finds an exact quote and gives its span in UTF-16 units of the source', () => {
    const quote = verifyQuote('sends comment lines as heartbeats', SOURCE);
    expect(quote).toBeDefined();
    expect(SOURCE.slice(quote!.start, quote!.end)).toBe('sends comment lines as heartbeats');
    expect(quote!.text).toBe('sends comment lines as heartbeats');
  });

  it('ignores case, spacing, punctuation and full-width forms', () => {
    const quote = verifyQuote('PROXIES often  close connections, that stay silent', SOURCE);
    expect(quote?.text).toBe('Proxies often close connections that stay silent');
    expect(verifyQuote('１８岁以下乘客免费', CHINESE)?.text).toBe('18岁以下乘客免费');
  });

  it('rejects a quote with one letter, word or character changed', () => {
    expect(verifyQuote('A streaming server therfore sends comment lines', SOURCE)).toBeUndefined();
    expect(verifyQuote('Proxies often open connections that stay silent', SOURCE)).toBeUndefined();
    expect(verifyQuote('自开通以来票价没有变化', CHINESE)?.text).toBe('自开通以来票价没有变化');
    expect(verifyQuote('自开通以来票价一直变化', CHINESE)).toBeUndefined();
  });

  it('rejects an invented sentence, a changed number and a too-short quote', () => {
    expect(verifyQuote('The server emails the answer to the reader', SOURCE)).toBeUndefined();
    expect(verifyQuote('单程票价为3.50欧元', CHINESE)).toBeUndefined();
    expect(verifyQuote('while', SOURCE)).toBeUndefined();
  });

  it('counts offsets in UTF-16 units when the source holds characters outside the BMP', () => {
    const source = '𝔸 emoji 😀 before: the quoted words are here.';
    const quote = verifyQuote('the quoted words are here', source);
    expect(source.slice(quote!.start, quote!.end)).toBe('the quoted words are here');
  });
});
