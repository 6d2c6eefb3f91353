import pg from 'pg';
import { DataSource } from 'typeorm';
import { SharedCitationTables1796800000000 } from '../migrations/1796800000000-shared-citation-tables.js';
import { MIGRATIONS } from '../migrations/index.js';
import { serverOptions } from '../src/platform/database/data-source.js';
import { startApp, startWithModel, type RunningApp } from './support/app.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { FakeOpenAi } from './support/fake-openai.js';
import { jsonApi } from './support/knowledge-api.js';
import { ask, meta } from './support/sse-client.js';
import { postSse } from './support/stock-app-stream.js';

const QUOKKAS = `Quokkas are small marsupials that live on Rottnest Island near Perth.

A quokka can survive for long periods without water, taking moisture from the plants it eats.`;

const CITATION_TABLES = [
  'adi_conversation_message_citation_paragraph',
  'adi_conversation_message_citation',
  'adi_conversation_message_citation_ref',
] as const;

async function query<T>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** One answer of the model: one paragraph citing the first retrieved chunk. */
const citingAnswer = () => ({
  content: JSON.stringify({
    paragraphs: [{ text: 'Quokkas take moisture from the plants they eat.', citationIds: ['E1'] }],
  }),
});

describe('one set of citation tables for chat and Q&A', () => {
  const fake = new FakeOpenAi();
  let server: RunningApp;
  let token: string;
  let api: ReturnType<typeof jsonApi>;

  beforeAll(async () => {
    ({ server, token } = await startWithModel(fake, { ASK_RATE_LIMIT_PER_MINUTE: '1000' }));
    api = jsonApi(server.baseUrl);
  });

  afterAll(async () => {
    await server.close();
    await fake.stop();
  });

  it("writes a chat answer's and a Q&A answer's citations to the same tables, each read back by its own route", async () => {
    const base = await api.createBase(token, 'Marsupials', false);
    await api.addDocuments(token, base.uuid, { 'quokka.txt': QUOKKAS });
    const conversation = (
      await api.call<{ uuid: string }>('POST', '/conversation/add', token, { title: 'Quokkas', kbIds: [base.id] })
    ).data.uuid;

    fake.enqueue(citingAnswer());
    const chat = await ask(server.baseUrl, token, { conversationUuid: conversation, prompt: 'How do quokkas drink?' });
    const answerUuid = meta(chat.events).answer!.uuid as string;
    fake.enqueue(citingAnswer());
    const record = (
      await api.call<{ uuid: string }>('POST', `/knowledge-base/qa/add/${base.uuid}`, token, {
        question: 'How do quokkas drink?',
        modelName: '',
      })
    ).data;
    const qa = await postSse(`${server.baseUrl}/knowledge-base/qa/process/${record.uuid}`, token, {
      qaRecordUuid: record.uuid,
    });
    expect(qa.events.at(-1)!.event).toBe('[DONE]');

    const url = server.database!.url;
    const messageId = (
      await query<{ id: string }>(url, 'SELECT "id" FROM "adi_conversation_message" WHERE "uuid" = $1', [answerUuid])
    )[0]!.id;
    const recordId = (
      await query<{ id: string }>(url, 'SELECT "id" FROM "adi_knowledge_base_qa" WHERE "uuid" = $1', [record.uuid])
    )[0]!.id;
    for (const table of CITATION_TABLES) {
      const owners = await query<{ message_id: string | null; qa_record_id: string | null }>(
        url,
        `SELECT "message_id", "qa_record_id" FROM "${table}" ORDER BY "id"`,
      );
      expect(owners).toEqual([
        { message_id: messageId, qa_record_id: null },
        { message_id: null, qa_record_id: recordId },
      ]);
    }
    // The Q&A page's old table names are views of those rows now, not tables of their own.
    const views = await query<{ table_name: string }>(
      url,
      `SELECT "table_name" FROM information_schema.views WHERE "table_name" LIKE 'adi_knowledge_base_qa_citation%' ORDER BY 1`,
    );
    expect(views.map((view) => view.table_name)).toEqual([
      'adi_knowledge_base_qa_citation',
      'adi_knowledge_base_qa_citation_paragraph',
      'adi_knowledge_base_qa_citation_ref',
    ]);

    const chatView = await api.call<{ paragraphs: unknown[]; refs: unknown[] }>(
      'GET',
      `/conversation/message/citation/${answerUuid}`,
      token,
    );
    const qaView = await api.call<{ paragraphs: unknown[]; refs: unknown[] }>(
      'GET',
      `/knowledge-base/qa/citation/${record.uuid}`,
      token,
    );
    // The same answer to the same question, stored in the same rows by two routes, reads back the same.
    expect(qaView.data).toEqual(chatView.data);
    expect(qaView.data.paragraphs).toMatchObject([
      { text: 'Quokkas take moisture from the plants they eat.', citationIds: ['E1'], citationNumbers: [1] },
    ]);
  });
});

describe('Q&A citation rows stored before the tables were shared', () => {
  let database: TestDatabase;
  let server: RunningApp | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await server?.close();
    await database.drop();
  });

  it('read back through the Q&A routes as they were stored', async () => {
    // The schema as it was before the shared tables, with a Q&A answer in the old tables.
    const shared = MIGRATIONS.indexOf(SharedCitationTables1796800000000);
    const before = new DataSource({ ...serverOptions(database.url), migrations: MIGRATIONS.slice(0, shared) });
    await before.initialize();
    await before.runMigrations();
    await before.query(
      `INSERT INTO "adi_knowledge_base" ("uuid", "title", "owner_id", "owner_uuid", "owner_name")
       VALUES ('0123456789abcdef0123456789abcdef', 'Old base', 0, '', 'admin')`,
    );
    const inserted = await before.query<{ id: string }[]>(
      `INSERT INTO "adi_knowledge_base_qa" ("uuid", "kb_id", "kb_uuid", "question", "answer", "user_id",
         "answer_status", "citation_mode", "has_citation_error")
       SELECT 'fedcba9876543210fedcba9876543210', "id", "uuid", 'Old question?', 'Old answer.', 0, 'complete', 'paragraph', false
         FROM "adi_knowledge_base" RETURNING "id"`,
    );
    const recordId = inserted[0]!.id;
    await before.query(
      `INSERT INTO "adi_knowledge_base_qa_citation_paragraph"
         ("qa_record_id", "paragraph_index", "text", "citation_ids_json", "is_supported", "support_verdict", "is_inferred")
       VALUES ($1, 0, 'First paragraph.', '["E2","E1"]', true, NULL, false),
              ($1, 1, 'Second paragraph.', '[]', NULL, NULL, true)`,
      [recordId],
    );
    await before.query(
      `INSERT INTO "adi_knowledge_base_qa_citation"
         ("qa_record_id", "paragraph_index", "citation_id", "display_number", "citation_type", "source_id",
          "support_score", "support_verdict", "quote_text", "quote_start", "quote_end")
       VALUES ($1, 0, 'E2', 1, 'embedding', 'chunk-b', 0.9, 'supported', 'the words', 4, 13),
              ($1, 0, 'E1', 2, 'embedding', 'chunk-a', 0.2, 'unsupported', NULL, NULL, NULL)`,
      [recordId],
    );
    // Stored in another order than their numbers: the page reads them by number.
    await before.query(
      `INSERT INTO "adi_knowledge_base_qa_citation_ref"
         ("qa_record_id", "citation_id", "display_number", "citation_type", "source_id", "payload_json")
       VALUES ($1, 'E1', 2, 'embedding', 'chunk-a', '{"embeddingId":"chunk-a","text":"A."}'),
              ($1, 'E2', 1, 'embedding', 'chunk-b', '{"embeddingId":"chunk-b","text":"B."}')`,
      [recordId],
    );
    await before.destroy();

    // The service starts on that database: the shared tables' migration runs at boot.
    server = await startApp({ DATABASE_URL: database.url });
    const token = await server.login();
    const adminId = (
      await query<{ id: string }>(database.url, `SELECT "id" FROM "adi_user" WHERE "email" = $1`, [
        'admin@example.test',
      ])
    )[0]!.id;
    await query(database.url, 'UPDATE "adi_knowledge_base" SET "owner_id" = $1', [adminId]);
    await query(database.url, 'UPDATE "adi_knowledge_base_qa" SET "user_id" = $1', [adminId]);

    const view = await jsonApi(server.baseUrl).call<unknown>(
      'GET',
      '/knowledge-base/qa/citation/fedcba9876543210fedcba9876543210',
      token,
    );
    expect(view).toEqual({
      success: true,
      data: {
        citationMode: 'paragraph',
        hasCitationError: false,
        paragraphs: [
          {
            paragraphIndex: 0,
            text: 'First paragraph.',
            citationIds: ['E2', 'E1'],
            citationNumbers: [1, 2],
            support: [
              { citationId: 'E2', score: 0.9, verdict: 'verified', quote: { text: 'the words', start: 4, end: 13 } },
              { citationId: 'E1', score: 0.2, verdict: 'unverified' },
            ],
            verdict: 'verified',
            supported: true,
            inferred: false,
          },
          { paragraphIndex: 1, text: 'Second paragraph.', citationIds: [], citationNumbers: [], inferred: true },
        ],
        refs: [
          { citationId: 'E2', displayNumber: 1, type: 'embedding', payload: { embeddingId: 'chunk-b', text: 'B.' } },
          { citationId: 'E1', displayNumber: 2, type: 'embedding', payload: { embeddingId: 'chunk-a', text: 'A.' } },
        ],
      },
    });
    // The old table names still read the moved rows, as views.
    const old = await query<{ citation_id: string }>(
      database.url,
      'SELECT "citation_id" FROM "adi_knowledge_base_qa_citation" ORDER BY "id"',
    );
    expect(old.map((row) => row.citation_id)).toEqual(['E2', 'E1']);
  });
});
