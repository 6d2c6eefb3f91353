import { ConfigError, loadConfig } from './app-config.js';

describe('loadConfig', () => {
  it('works with no variable set: the embedded defaults', () => {
    expect(loadConfig({})).toMatchObject({
      http: { port: 9999, host: '0.0.0.0' },
      log: { level: 'log', format: 'json' },
      citation: { numbering: 'first-citation' },
      model: { provider: 'offline' },
      ask: { timeoutMs: 150000, repairRetry: true, heartbeatMs: 15000 },
    });
  });

  it('uses the OpenAI-compatible model as soon as a server or key is given', () => {
    expect(loadConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1' }).model).toMatchObject({
      provider: 'openai',
      openai: { baseUrl: 'http://127.0.0.1:8000/v1', model: 'gpt-4o-mini' },
    });
    expect(loadConfig({ OPENAI_API_KEY: 'sk-test', MODEL_PROVIDER: 'offline' }).model.provider).toBe('offline');
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
