/**
 * Retrieval over 10,000 chunks on the real PostgreSQL server, then on the embedded PGlite: latency p50/p99 of one retrieval (chunks and graph
 * facts) and recall@3 on a labelled set of questions written for this project, each with the one chunk that
 * answers it hidden among distractors on the same topics, in English and in Chinese. Prints figures, then one
 * JSON line. Run: `npm run bench:retrieval`.
 *
 * Then hybrid retrieval (words and vectors, fake embeddings from a synonym table) over 10,000 more chunks on each
 * database that has pgvector: p50/p99 of the whole retrieval and of its vector part, recall@3 of questions that
 * paraphrase their answer with none of its words (hybrid, and lexical alone), and indexing throughput with the
 * endpoint answering each batch of 64 in 50 ms.
 */
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type OpenDatabase } from '../src/platform/database/data-source.js';
import { UserEntity } from '../src/platform/database/entities/index.js';
import { GraphRepository } from '../src/knowledge/graph.repository.js';
import { KnowledgeRepository } from '../src/knowledge/knowledge.repository.js';
import { cjkTerms } from '../src/text/terms.js';
import { PgRetrieval } from '../src/knowledge/pg-retrieval.js';
import { benchDatabase } from './bench-database.js';
import { measureHybrid, PARAPHRASED, type HybridFigures } from './hybrid-retrieval.js';

const CHUNKS = 10_000;
const CHUNKS_PER_ITEM = 20;
const ROUNDS = 20;

/** Chunks that answer one question each, and the question. */
const LABELLED: { answer: string; question: string }[] = [
  {
    answer: 'The lighthouse on Cape Verity was automated in 1987 and its keeper moved to the mainland.',
    question: 'When was the Cape Verity lighthouse automated?',
  },
  {
    answer: 'Glacier mice are balls of moss that roll slowly across the ice, carried by wind and melting.',
    question: 'What are glacier mice made of?',
  },
  {
    answer: 'The Harlow bridge closes to traffic whenever the river gauge reads above six metres.',
    question: 'When does the Harlow bridge close to traffic?',
  },
  {
    answer: 'Sourdough starter needs feeding twice a day when it is kept at room temperature.',
    question: 'How often does a sourdough starter need feeding at room temperature?',
  },
  {
    answer: 'The orchard irrigation pumps run only between midnight and five in the morning to save power.',
    question: 'At what hours do the orchard irrigation pumps run?',
  },
  {
    answer: 'Copper roofs turn green because the metal slowly forms a patina of copper carbonate.',
    question: 'Why do copper roofs turn green?',
  },
  {
    answer: 'The museum lends its telescope to schools for two weeks at a time, free of charge.',
    question: 'For how long does the museum lend its telescope to schools?',
  },
  {
    answer: 'Citation numbers in the report are assigned when a source is first cited and never renumbered.',
    question: 'When are citation numbers assigned in the report?',
  },
  {
    answer: 'The night train to Valmont carries bicycles only in its last carriage, booked in advance.',
    question: 'Which carriage of the night train to Valmont carries bicycles?',
  },
  {
    answer: 'Beeswax candles burn longer than paraffin ones because the wax has a higher melting point.',
    question: 'Why do beeswax candles burn longer than paraffin candles?',
  },
  {
    answer: 'The archive scans fragile letters at low light to keep the ink from fading further.',
    question: 'Why does the archive scan fragile letters at low light?',
  },
  {
    answer: 'Retrieval quality is measured with recall at three over a labelled set of questions.',
    question: 'How is retrieval quality measured?',
  },
  { answer: '青海湖的湟鱼每年夏天逆流而上，到河流上游产卵。', question: '青海湖的湟鱼什么时候到上游产卵？' },
  { answer: '这座古桥用糯米灰浆砌成，已经屹立了六百多年。', question: '古桥是用什么灰浆砌成的？' },
  { answer: '茶园在清明前采摘的嫩芽被称为明前茶，价格最高。', question: '什么是明前茶？' },
  { answer: '城市图书馆的自助还书机每天凌晨两点自动清点一次。', question: '自助还书机什么时候自动清点？' },
  { answer: '高原上的水烧到八十多度就会沸腾，因为气压较低。', question: '为什么高原上的水八十多度就沸腾？' },
  { answer: '这款机器人吸尘器在电量低于百分之十五时会自己回到充电座。', question: '吸尘器电量低于多少会回到充电座？' },
  { answer: '段落级引用的编号在第一次引用时分配，之后不会改变。', question: '段落级引用的编号什么时候分配？' },
  { answer: '竹简在干燥的环境中保存得最好，潮湿会让它们发霉。', question: '竹简在什么环境中保存得最好？' },
];

const ENGLISH_WORDS =
  'lighthouse bridge river orchard museum telescope train carriage archive letters candles wax roof copper glacier ice moss sourdough starter feeding report citation source retrieval quality school traffic power pumps island keeper mainland metres night bicycles advance patina colour green light ink paper'.split(
    ' ',
  );
const CHINESE_SENTENCES = [
  '湖边的鸟在春天筑巢。',
  '古城的城墙修缮了三次。',
  '茶叶需要在阴凉处保存。',
  '图书馆周末开放到晚上九点。',
  '高原的气候变化很快。',
  '机器人需要定期清理滤网。',
  '引用资料应当注明出处。',
  '桥梁的检修在秋天进行。',
];

function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 0x100000000;
  };
}

/** A distractor: topic words from the same vocabulary as the questions, in sentences that answer nothing. */
function distractor(random: () => number): string {
  if (random() < 0.3) {
    return Array.from({ length: 3 }, () => CHINESE_SENTENCES[Math.floor(random() * CHINESE_SENTENCES.length)]).join('');
  }
  const words = Array.from({ length: 14 }, () => ENGLISH_WORDS[Math.floor(random() * ENGLISH_WORDS.length)]);
  return `The ${words.slice(0, 7).join(' ')} was noted. Some ${words.slice(7).join(' ')} remained.`;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

interface Figures {
  p50: number;
  p99: number;
  found: number;
}

/** Fills one database with the chunks, then times the labelled questions against it. */
async function measure(open: OpenDatabase): Promise<Figures> {
  const knowledge = new KnowledgeRepository(open.dataSource);
  const owner = await open.dataSource.getRepository(UserEntity).save({
    uuid: randomUUID().replaceAll('-', ''),
    name: 'bench',
    email: 'bench@example.test',
    password: '-',
    isAdmin: false,
  });
  const base = await knowledge.createBase({
    title: 'bench',
    ownerId: owner.id,
    ownerUuid: owner.uuid,
    ownerName: owner.name,
  });
  const random = prng(11);
  const texts = Array.from({ length: CHUNKS }, () => distractor(random));
  // The labelled answers go in at spread-out places.
  const answerAt = LABELLED.map((_, i) => Math.floor(((i + 0.5) * CHUNKS) / LABELLED.length));
  answerAt.forEach((at, i) => (texts[at] = LABELLED[i]!.answer));
  const answerIds: string[] = [];
  for (let start = 0; start < CHUNKS; start += CHUNKS_PER_ITEM) {
    const item = await knowledge.createItem(base, { title: `item ${start / CHUNKS_PER_ITEM}`, remark: '' });
    const chunks = texts
      .slice(start, start + CHUNKS_PER_ITEM)
      .map((text) => ({ text, searchTerms: cjkTerms(text).join(' ') }));
    await knowledge.replaceChunks(item, chunks);
  }
  for (const at of answerAt) {
    const [row] = await open.dataSource.query<[{ id: string }]>(
      `SELECT c."embedding_id" AS "id" FROM "adi_knowledge_base_embedding" c
         JOIN "adi_knowledge_base_item" i ON i."uuid" = c."kb_item_uuid"
        WHERE c."kb_uuid" = $1 AND c."text" = $2 LIMIT 1`,
      [base.uuid, texts[at]],
    );
    answerIds.push(row.id);
  }
  await open.dataSource.query('ANALYZE');

  const retrieval = new PgRetrieval(open.dataSource, new GraphRepository(open.dataSource));
  // As the ask endpoint has it: read once per question, before retrieval, with its chunk count as indexed.
  const bases = await knowledge.findBasesByIds([base.id]);
  for (const { question } of LABELLED) await retrieval.retrieve(question, bases); // warm-up
  const times: number[] = [];
  let found = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, { question }] of LABELLED.entries()) {
      const start = performance.now();
      const result = await retrieval.retrieve(question, bases);
      times.push(performance.now() - start);
      if (round === 0 && result.embeddings.slice(0, 3).some((hit) => hit.embeddingId === answerIds[i])) found++;
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), found };
}

async function main(): Promise<void> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const report = (where: string, figures: Figures) => {
    out(
      `${where}: retrieval over ${ROUNDS * LABELLED.length} runs: p50 ${figures.p50.toFixed(2)} ms, p99 ${figures.p99.toFixed(2)} ms; ` +
        `recall@3 ${figures.found} of ${LABELLED.length} questions`,
    );
  };
  out(`${CHUNKS} chunks (${LABELLED.length} labelled answers among topic distractors, English and Chinese)`);
  const random = prng(23);
  const hybridDistractors = Array.from({ length: CHUNKS }, () => distractor(random));
  const reportHybrid = (where: string, figures: HybridFigures | string) => {
    if (typeof figures === 'string') {
      out(`${where}: hybrid not measured: ${figures}`);
      return;
    }
    out(
      `${where}: hybrid retrieval p50 ${figures.p50.toFixed(2)} ms, p99 ${figures.p99.toFixed(2)} ms; vector part p50 ` +
        `${figures.vectorP50.toFixed(2)} ms, p99 ${figures.vectorP99.toFixed(2)} ms; recall@3 of paraphrased questions: ` +
        `hybrid ${figures.hybridFound} of ${PARAPHRASED.length}, lexical ${figures.lexicalFound}; ` +
        `indexing ${figures.chunksPerSecond.toFixed(0)} chunks/s (50 ms a batch of 64)`,
    );
  };
  const database = await benchDatabase();
  let server: Figures;
  let serverHybrid: HybridFigures | string;
  const open = await openDatabase({ url: database.url, dataDir: '', runMigrations: true });
  try {
    server = await measure(open);
    report('PostgreSQL server', server);
    serverHybrid = await measureHybrid(open, hybridDistractors, ROUNDS);
    reportHybrid('PostgreSQL server', serverHybrid);
  } finally {
    await open.close();
    // BENCH_KEEP_DATABASE=1 keeps the filled database, to look at query plans.
    if (process.env.BENCH_KEEP_DATABASE === '1') out(`kept ${database.url}`);
    else await database.drop();
  }
  // BENCH_PGLITE=0 skips the embedded database, while working on the server's figures.
  if (process.env.BENCH_PGLITE === '0') return;
  const dataDir = mkdtempSync(join(tmpdir(), 'citation-bench-'));
  let embedded: Figures;
  let embeddedHybrid: HybridFigures | string;
  const pglite = await openDatabase({ url: undefined, dataDir, runMigrations: true, vectors: true });
  try {
    embedded = await measure(pglite);
    report('PGlite (embedded)', embedded);
    embeddedHybrid = await measureHybrid(pglite, hybridDistractors, ROUNDS);
    reportHybrid('PGlite (embedded)', embeddedHybrid);
  } finally {
    await pglite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const round = (value: number) => Math.round(value * 100) / 100;
  out(
    JSON.stringify({
      retrievalP50Ms: round(server.p50),
      retrievalP99Ms: round(server.p99),
      recallAt3: round(server.found / LABELLED.length),
      pgliteRetrievalP50Ms: round(embedded.p50),
      pgliteRetrievalP99Ms: round(embedded.p99),
      pgliteRecallAt3: round(embedded.found / LABELLED.length),
      pgliteOverServerP99: round(embedded.p99 / server.p99),
      ...hybridFields(serverHybrid, embeddedHybrid),
    }),
  );
}

/** The hybrid figures of the JSON line; a database without pgvector gives null for its own. */
function hybridFields(server: HybridFigures | string, embedded: HybridFigures | string) {
  const round = (value: number) => Math.round(value * 100) / 100;
  const s = typeof server === 'string' ? undefined : server;
  const e = typeof embedded === 'string' ? undefined : embedded;
  const either = e ?? s;
  return {
    hybridRetrievalP50Ms: s ? round(s.p50) : null,
    hybridRetrievalP99Ms: s ? round(s.p99) : null,
    hybridVectorP99Ms: s ? round(s.vectorP99) : null,
    pgliteHybridRetrievalP50Ms: e ? round(e.p50) : null,
    pgliteHybridRetrievalP99Ms: e ? round(e.p99) : null,
    pgliteHybridVectorP99Ms: e ? round(e.vectorP99) : null,
    pgliteHybridOverServerP99: s && e ? round(e.p99 / s.p99) : null,
    hybridRecallAt3: either ? round(either.hybridFound / PARAPHRASED.length) : null,
    lexicalParaphraseRecallAt3: either ? round(either.lexicalFound / PARAPHRASED.length) : null,
    indexingChunksPerSecond: s ? Math.round(s.chunksPerSecond) : null,
    pgliteIndexingChunksPerSecond: e ? Math.round(e.chunksPerSecond) : null,
  };
}

await main();
