import { ConfigError, loadConfig } from './app-config.js';

describe('loadConfig', () => {
  it('works with no variable set: the embedded defaults', () => {
    expect(loadConfig({})).toEqual({
      http: { port: 9999, host: '0.0.0.0' },
      log: { level: 'log', format: 'json' },
      citation: { numbering: 'first-citation' },
    });
  });

  it('names every bad variable and what it should be, in one message', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_FORMAT: 'xml' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', LOG_FORMAT: 'xml' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT="eighty"');
      expect(message).toContain('LOG_FORMAT="xml"');
      expect(message).toContain('legacy chat server port');
    }
  });
});
