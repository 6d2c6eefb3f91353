import type { DataSource } from 'typeorm';
import { UserRepository } from '../src/accounts/user.repository.js';
import { DATA_SOURCE } from '../src/platform/database/database.module.js';
import { poolQuery } from '../src/platform/database/pool-query.js';
import { startApp, type RunningApp } from './support/app.js';
import { ask, legacyAnswerText, named } from './support/sse-client.js';

/** The offline model, end to end on the sample corpus: what a fresh start with no key answers. */
describe('POST /conversation/message/process with the offline model', () => {
  let server: RunningApp;
  let token: string;
  let conversation: string;

  beforeAll(async () => {
    server = await startApp({ OFFLINE_CHUNK_DELAY_MS: '1' });
    token = await server.login();
    conversation = await server.firstConversation(token);
  });

  afterAll(async () => {
    await server.close();
  });

  const paragraphsOf = (events: Awaited<ReturnType<typeof ask>>['events']) =>
    named(events, '[CITATION_PARAGRAPH]').map(
      (event) => JSON.parse(event.data) as { text: string; citationIds: string[] },
    );

  it('answers an English question from the sample documents, citing the chunks it used', async () => {
    const reply = await ask(server.baseUrl, token, {
      conversationUuid: conversation,
      prompt: 'Why do citation numbers never change once shown?',
    });
    const paragraphs = paragraphsOf(reply.events);
    expect(paragraphs.length).toBeGreaterThan(0);
    expect(paragraphs[0]!.citationIds.length).toBeGreaterThan(0);
    expect(legacyAnswerText(reply.events)).toContain('a number never changes once it has been shown');
    const refs = named(reply.events, '[CITATION_REF]').map(
      (event) => JSON.parse(event.data) as { payload: { text: string } },
    );
    expect(refs[0]!.payload.text).toContain('Citation numbers are given in the order sources are first cited');
    expect(JSON.parse(named(reply.events, '[CITATION_DONE]')[0]!.data)).toMatchObject({ hasCitationError: false });
  });

  it('reads no user of its own per question: the quota check and the guard use the one resolved with the token', async () => {
    const users = server.app.get(UserRepository);
    const findById = users.findById.bind(users);
    let reads = 0;
    users.findById = (id) => {
      reads++;
      return findById(id);
    };
    try {
      const reply = await ask(server.baseUrl, token, { conversationUuid: conversation, prompt: 'Why chunks?' });
      expect(named(reply.events, '[DONE]')).toHaveLength(1);
      expect(reads).toBe(0);
    } finally {
      users.findById = findById;
    }
  });

  it("takes the asker's lock in the statement that opens the answer and frees it in the one that stores its end", async () => {
    const sql = poolQuery(server.app.get<DataSource>(DATA_SOURCE));
    const rows = sql.rows.bind(sql);
    const statements: string[] = [];
    sql.rows = (text, values, name) => {
      statements.push(name ?? text);
      return rows(text, values, name);
    };
    try {
      const reply = await ask(server.baseUrl, token, { conversationUuid: conversation, prompt: 'Why chunks?' });
      expect(named(reply.events, '[DONE]')).toHaveLength(1);
    } finally {
      sql.rows = rows;
    }
    expect(statements).toContain('answer_open_admitted');
    expect(statements).toContain('answer_close');
    for (const own of ['ask_lock_acquire', 'answer_open', 'ask_lock_release']) expect(statements).not.toContain(own);
    const locks = await sql.rows<{ n: number }>(`SELECT count(*)::int AS n FROM "adi_ask_lock"`);
    expect(locks).toEqual([{ n: 0 }]);
  });

  it('answers a Chinese question with Chinese sentences', async () => {
    const reply = await ask(server.baseUrl, token, {
      conversationUuid: conversation,
      prompt: '文档为什么要切分成片段？',
    });
    const text = legacyAnswerText(reply.events);
    expect(text).toContain('文档在建立索引之前会被切分成片段');
    expect(text).not.toMatch(/[A-Za-z]{4,}/);
  });

  it('says plainly when nothing relevant was retrieved', async () => {
    const reply = await ask(server.baseUrl, token, {
      conversationUuid: conversation,
      prompt: 'What is the boiling point of zinc?',
    });
    expect(legacyAnswerText(reply.events)).toBe(
      'The knowledge base has nothing relevant to this question, so it cannot be answered from the sources.',
    );
    expect(paragraphsOf(reply.events)).toMatchObject([{ citationIds: [] }]);
    expect(named(reply.events, '[CITATION_REF]')).toEqual([]);
  });

  it('is deterministic: the same question gets the same answer', async () => {
    const body = { conversationUuid: conversation, prompt: 'How does retrieval-augmented generation work?' };
    const first = await ask(server.baseUrl, token, body);
    const second = await ask(server.baseUrl, token, body);
    expect(paragraphsOf(second.events)).toEqual(paragraphsOf(first.events));
  });

  it('answers a question asked the moment the previous answer ended: its lock is let go before [DONE] is sent', async () => {
    // The stock app's regenerate button, or a script, asks again as soon as it reads [DONE].
    for (let i = 0; i < 8; i++) {
      const reply = await ask(server.baseUrl, token, { conversationUuid: conversation, prompt: `Why ${i}?` });
      expect(named(reply.events, '[ERROR]')).toEqual([]);
      expect(named(reply.events, '[DONE]')).toHaveLength(1);
    }
  });
});
