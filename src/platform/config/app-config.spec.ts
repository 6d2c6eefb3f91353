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

  it('chooses the late verifier: a chat model by default settings, an NLI server only with its address', () => {
    expect(
      loadConfig({ CITATION_VERIFIER: 'model', OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1' }).citation.verifier,
    ).toMatchObject({ kind: 'model', baseUrl: 'http://127.0.0.1:8000/v1', timeoutMs: 20000 });
    expect(
      loadConfig({ CITATION_VERIFIER: 'nli', CITATION_VERIFIER_BASE_URL: 'http://127.0.0.1:8080' }).citation.verifier,
    ).toEqual({
      kind: 'nli',
      baseUrl: 'http://127.0.0.1:8080',
      timeoutMs: 20000,
      contradictionThreshold: 0.8,
      labelOrder: ['contradiction', 'entailment', 'neutral'],
    });
    expect(
      loadConfig({
        CITATION_VERIFIER: 'nli',
        CITATION_VERIFIER_BASE_URL: 'http://127.0.0.1:8080',
        CITATION_VERIFIER_NLI_LABELS: 'Entailment, neutral,CONTRADICTION',
      }).citation.verifier,
    ).toMatchObject({ labelOrder: ['entailment', 'neutral', 'contradiction'] });
  });

  it('refuses to start the NLI verifier without its server, or with a threshold or labels it cannot use', () => {
    expect(() => loadConfig({ CITATION_VERIFIER: 'nli' })).toThrow(
      /CITATION_VERIFIER_BASE_URL="": required when CITATION_VERIFIER=nli/,
    );
    const bad = {
      CITATION_VERIFIER: 'nli',
      CITATION_VERIFIER_BASE_URL: 'http://127.0.0.1:8080',
      CITATION_VERIFIER_CONTRADICTION_THRESHOLD: '1.5',
      CITATION_VERIFIER_NLI_LABELS: 'entailment,entailment,neutral',
    };
    expect(() => loadConfig(bad)).toThrow(/CITATION_VERIFIER_CONTRADICTION_THRESHOLD="1.5"/);
    expect(() => loadConfig(bad)).toThrow(/CITATION_VERIFIER_NLI_LABELS="entailment,entailment,neutral"/);
  });
  it('turns semantic retrieval on only with an embeddings endpoint, its model and its dimensions', () => {
    expect(loadConfig({}).embedding).toBeUndefined();
    expect(
      loadConfig({
        EMBEDDING_BASE_URL: 'http://127.0.0.1:11434/v1',
        EMBEDDING_MODEL: 'nomic-embed-text',
        EMBEDDING_DIMENSIONS: '768',
      }).embedding,
    ).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
      model: 'nomic-embed-text',
      dimensions: 768,
      batchSize: 64,
      timeoutMs: 30000,
      queryTimeoutMs: 1500,
      maxRetries: 4,
    });
    expect(() => loadConfig({ EMBEDDING_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      /EMBEDDING_MODEL="": required with EMBEDDING_BASE_URL[\s\S]*EMBEDDING_DIMENSIONS="": required/,
    );
    expect(() => loadConfig({ EMBEDDING_MODEL: 'nomic-embed-text' })).toThrow(/EMBEDDING_BASE_URL="": required/);
    expect(() =>
      loadConfig({ EMBEDDING_BASE_URL: 'http://x/v1', EMBEDDING_MODEL: 'm', EMBEDDING_DIMENSIONS: '4096' }),
    ).toThrow(/EMBEDDING_DIMENSIONS="4096"/);
  });
});
