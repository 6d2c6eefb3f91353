import { randomUUID } from 'node:crypto';
import type { OpenDatabase } from '../src/platform/database/data-source.js';
import { UserEntity } from '../src/platform/database/entities/index.js';
import { ensureVectorSchema } from '../src/platform/database/vector-schema.js';
import { cjkTerms } from '../src/text/terms.js';
import type { EmbeddingSettings } from '../src/platform/config/app-config.js';
import { GraphRepository } from '../src/knowledge/graph.repository.js';
import { ItemEmbedder } from '../src/knowledge/item-embedder.js';
import { KnowledgeRepository } from '../src/knowledge/knowledge.repository.js';
import { PgRetrieval } from '../src/knowledge/pg-retrieval.js';
import { VectorRepository } from '../src/knowledge/vector.repository.js';
import { EmbeddingClient } from '../src/model/embedding-client.js';
import { FakeEmbeddings } from '../test/support/fake-embeddings.js';

/** Words that mean the same to the fake embeddings server. */
const SYNONYMS = [
  ['cat', 'feline'],
  ['sleep', 'napped'],
  ['carpet', 'rug'],
  ['car', 'automobile'],
  ['fixed', 'mended'],
  ['garage', 'workshop'],
  ['mechanics', 'repairers'],
  ['cash', 'funds'],
  ['bank', 'lender'],
  ['keep', 'kept', 'store'],
  ['doctors', 'physicians'],
  ['medicine', 'medication'],
  ['temperature', 'fever'],
  ['children', 'youngsters'],
  ['maths', 'arithmetic'],
  ['class', 'lessons'],
  ['ship', 'vessel'],
  ['port', 'harbour'],
  ['morning', 'dawn'],
  ['growers', 'farmers'],
  ['reap', 'harvest'],
  ['grain', 'wheat'],
  ['fall', 'autumn'],
  ['cook', 'chef'],
  ['dinner', 'supper'],
  ['soup', 'broth'],
];

/** Each answer, and a question that means it with none of its words. */
export const PARAPHRASED: { answer: string; question: string }[] = [
  { answer: 'The feline napped upon the rug all afternoon.', question: 'Where did the cat sleep, on the carpet?' },
  {
    answer: 'Repairers mended the automobile inside the workshop.',
    question: 'Which mechanics fixed a car in a garage?',
  },
  { answer: 'Savers kept their funds with a lender.', question: 'Where do people store cash, a bank?' },
  { answer: 'Physicians prescribe medication against fever.', question: 'Do doctors give medicine for a temperature?' },
  { answer: 'Youngsters practise arithmetic during lessons.', question: 'Do children learn maths in class?' },
  { answer: 'The vessel docked at the harbour at dawn.', question: 'When did a ship reach port, in the morning?' },
  { answer: 'Farmers harvest wheat every autumn.', question: 'When do growers reap grain, in fall?' },
  { answer: 'The chef prepared broth for supper.', question: 'What did the cook make for dinner, soup?' },
];

export interface HybridFigures {
  p50: number;
  p99: number;
  vectorP50: number;
  vectorP99: number;
  hybridFound: number;
  lexicalFound: number;
  chunksPerSecond: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * Hybrid retrieval over `texts` (the distractors) with the paraphrased answers among them: indexing throughput
 * with the fake endpoint answering each batch in 50 ms, p50/p99 of a whole retrieval and of its vector part, and
 * recall@3 of the paraphrased questions, hybrid and lexical. Undefined (with the reason) without pgvector.
 */
export async function measureHybrid(
  open: OpenDatabase,
  distractors: readonly string[],
  rounds: number,
): Promise<HybridFigures | string> {
  // 256 dimensions, a size real small models have; meanings as dense directions, as a model's are.
  const fake = new FakeEmbeddings(SYNONYMS, 256 - SYNONYMS.length, 'dense');
  const settings: EmbeddingSettings = {
    baseUrl: '',
    apiKey: undefined,
    model: 'fake-synonyms',
    dimensions: fake.dimensions,
    batchSize: 64,
    timeoutMs: 30_000,
    queryTimeoutMs: 1_500,
    maxRetries: 2,
  };
  const support = await ensureVectorSchema(open.dataSource, settings);
  if (support.state !== 'ready') return support.state === 'unavailable' ? support.reason : support.state;
  await fake.start();
  try {
    const client = new EmbeddingClient({ ...settings, baseUrl: fake.baseUrl });
    const knowledge = new KnowledgeRepository(open.dataSource);
    const vectors = new VectorRepository(open.dataSource);
    const owner = await open.dataSource.getRepository(UserEntity).save({
      uuid: randomUUID().replaceAll('-', ''),
      name: 'bench-hybrid',
      email: 'bench-hybrid@example.test',
      password: '-',
      isAdmin: false,
    });
    const base = await knowledge.createBase({
      title: 'bench hybrid',
      ownerId: owner.id,
      ownerUuid: owner.uuid,
      ownerName: owner.name,
    });
    const texts = [...distractors];
    PARAPHRASED.forEach(
      (pair, i) => (texts[Math.floor(((i + 0.5) * texts.length) / PARAPHRASED.length)] = pair.answer),
    );
    const items = [];
    for (let start = 0; start < texts.length; start += 500) {
      const item = await knowledge.createItem(base, { title: `hybrid ${start}`, remark: '' });
      await knowledge.replaceChunks(
        item,
        texts.slice(start, start + 500).map((text) => ({ text, searchTerms: cjkTerms(text).join(' ') })),
      );
      items.push(item);
    }
    await open.dataSource.query('ANALYZE');

    fake.behave = () => ({ kind: 'ok', delayMs: 50 });
    const embedder = new ItemEmbedder(client, vectors);
    const indexStart = performance.now();
    for (const item of items) await embedder.embedItem(item.uuid, () => Promise.resolve());
    const chunksPerSecond = texts.length / ((performance.now() - indexStart) / 1000);
    fake.behave = () => ({ kind: 'ok' });
    await open.dataSource.query('ANALYZE');

    const bases = await knowledge.findBasesByIds([base.id]);
    const hybrid = new PgRetrieval(open.dataSource, new GraphRepository(open.dataSource), vectors, support, client);
    const lexical = new PgRetrieval(open.dataSource, new GraphRepository(open.dataSource));
    const idOf = async (text: string) =>
      (
        await open.dataSource.query<{ id: string }[]>(
          `SELECT "embedding_id" AS "id" FROM "adi_knowledge_base_embedding" WHERE "kb_uuid" = $1 AND "text" = $2`,
          [base.uuid, text],
        )
      )[0]!.id;
    let hybridFound = 0;
    let lexicalFound = 0;
    for (const { answer, question } of PARAPHRASED) {
      const id = await idOf(answer);
      const top3 = (hits: { embeddingId: string }[]) => hits.slice(0, 3).some((hit) => hit.embeddingId === id);
      if (top3((await hybrid.retrieve(question, bases)).embeddings)) hybridFound++;
      if (top3((await lexical.retrieve(question, bases)).embeddings)) lexicalFound++;
    }
    const questionVectors = PARAPHRASED.map(({ question }) => fake.vectorOf(question));
    const times: number[] = [];
    const vectorTimes: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const [i, { question }] of PARAPHRASED.entries()) {
        let start = performance.now();
        await hybrid.retrieve(question, bases);
        times.push(performance.now() - start);
        start = performance.now();
        await vectors.nearest(base.uuid, texts.length, support, questionVectors[i]!, 3);
        vectorTimes.push(performance.now() - start);
      }
    }
    times.sort((a, b) => a - b);
    vectorTimes.sort((a, b) => a - b);
    return {
      p50: percentile(times, 0.5),
      p99: percentile(times, 0.99),
      vectorP50: percentile(vectorTimes, 0.5),
      vectorP99: percentile(vectorTimes, 0.99),
      hybridFound,
      lexicalFound,
      chunksPerSecond,
    };
  } finally {
    await fake.stop();
  }
}
