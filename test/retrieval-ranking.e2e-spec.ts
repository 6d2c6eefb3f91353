import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { OpenDatabase } from '../src/platform/database/data-source.js';
import {
  UserEntity,
  type KnowledgeBaseEntity,
  type KnowledgeBaseItemEntity,
} from '../src/platform/database/entities/index.js';
import { cjkTerms, wordTerms } from '../src/text/terms.js';
import { GraphRepository } from '../src/knowledge/graph.repository.js';
import { KnowledgeRepository } from '../src/knowledge/knowledge.repository.js';
import { PgRetrieval } from '../src/knowledge/pg-retrieval.js';
import { openTestDatabase } from './support/database.js';
import { genericPlan, perRowCalls, planNodes, watchStatements, type SentStatement } from './support/generic-plan.js';

/**
 * Retrieval reads only the chunks holding a question's rare terms when the common ones cannot change what it
 * keeps. These tests rank every chunk in plain TypeScript, from the lexemes PostgreSQL indexed, and check that
 * what retrieval keeps is exactly what that full ranking keeps, on a base whose commonest words are in more
 * chunks than the rare-term search reads, for questions of rare words, common words and both. They also check
 * the per-base term counts the shortcut relies on against a count of the chunks, after every kind of write.
 */

const ITEMS = 30;
const CHUNKS_PER_ITEM = 40;
/** Words by how common they are: each chunk takes every common word with probability 0.45, and so on. */
const COMMON = 'lighthouse bridge river orchard museum telescope train archive'.split(' ');
const MIDDLING = 'candle copper glacier sourdough pumps keeper ferry harbour mill quarry'.split(' ');
const RARE = 'verity automated patina beeswax paraffin valmont carriage irrigation midnight fragile'.split(' ');
const CHINESE = ['湖边的鸟', '古城城墙', '茶叶保存', '湟鱼产卵', '糯米灰浆'];

function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 0x100000000;
  };
}

function chunkText(random: () => number): string {
  const words = [
    ...COMMON.filter(() => random() < 0.45),
    ...MIDDLING.filter(() => random() < 0.08),
    ...RARE.filter(() => random() < 0.004),
  ];
  const chinese = CHINESE.filter(() => random() < 0.1).join('，');
  return `The ${words.join(' ')} was noted.${chinese ? ` ${chinese}。` : ''}`;
}

function questionOf(random: () => number): string {
  const pick = (words: string[], n: number) =>
    Array.from({ length: n }, () => words[Math.floor(random() * words.length)]);
  const kind = random();
  if (kind < 0.2) return `Where is the ${pick(COMMON, 3).join(' ')}?`;
  if (kind < 0.3) return `${pick(CHINESE, 1).join('')}是什么？`;
  if (kind < 0.65) return `What about the ${pick(COMMON, 2).join(' ')} and ${pick(RARE, 1).join(' ')}?`;
  return `Tell me of ${pick(MIDDLING, 2).join(' ')} ${pick(COMMON, 2).join(' ')} ${pick(RARE, 2).join(' ')}.`;
}

interface Kept {
  embeddingId: string;
  score: number;
}

interface IndexedChunk {
  id: string;
  index: number;
  lexemes: string[];
}

/** Every chunk of a base, with the lexemes PostgreSQL indexed for it. */
function indexedChunks(dataSource: DataSource, base: KnowledgeBaseEntity): Promise<IndexedChunk[]> {
  return dataSource.query(
    `SELECT "embedding_id" AS "id", "chunk_index" AS "index", tsvector_to_array("search_vector") AS "lexemes"
       FROM "adi_knowledge_base_embedding" WHERE "kb_uuid" = $1`,
    [base.uuid],
  );
}

/** The legacy rule over a full ranking: the best `maxResults`, less those under `minScore` of the best. */
async function keptByFullRanking(
  dataSource: DataSource,
  chunks: readonly IndexedChunk[],
  base: KnowledgeBaseEntity,
  question: string,
): Promise<{ kept: Kept[]; ranks: Map<string, number> }> {
  const terms = [
    ...[...new Set(wordTerms(question))].map((term) => ['english', term]),
    ...[...new Set(cjkTerms(question))].map((term) => ['simple', term]),
  ];
  const lexemes = await Promise.all(
    terms.map(async ([config, term]) => {
      const [row] = await dataSource.query<[{ lexemes: string[] }]>(
        `SELECT tsvector_to_array(to_tsvector($1::regconfig, $2)) AS "lexemes"`,
        [config, term],
      );
      return row.lexemes;
    }),
  );
  const holds = (chunk: IndexedChunk, term: string[]) => term.length === 1 && chunk.lexemes.includes(term[0]!);
  const weights = lexemes.map((term) => {
    const df = chunks.filter((chunk) => holds(chunk, term)).length;
    return Math.log(1 + Math.max(1, base.embeddingCount) / Math.max(df, 1));
  });
  const ranks = new Map<string, number>();
  const ranked = chunks
    .map((chunk) => {
      const rank = lexemes.reduce((sum, term, i) => sum + (holds(chunk, term) ? weights[i]! : 0), 0);
      ranks.set(chunk.id, rank);
      return { ...chunk, rank };
    })
    .filter((chunk) => chunk.rank > 0)
    .sort((a, b) => b.rank - a.rank || a.index - b.index);
  const best = ranked[0]?.rank ?? 0;
  const kept = ranked
    .slice(0, base.retrieveMaxResults)
    .filter((chunk) => chunk.rank / best >= base.retrieveMinScore)
    .map((chunk) => ({ embeddingId: chunk.id, score: Math.round((chunk.rank / best) * 100) / 100 }));
  return { kept, ranks };
}

/** The last statement `countStatements` saw scoring a small base, with its values. */
let lastSmallBase: SentStatement | undefined;

/** Counts the statements of each kind that retrieval sends while `work` runs. */
async function countStatements(dataSource: DataSource, work: () => Promise<void>): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  await watchStatements(
    dataSource,
    (statement) => {
      const kind = statement.name?.startsWith('chunk_small_base_')
        ? 'small base'
        : statement.text.includes('AS "hits"')
          ? 'every match'
          : statement.text.includes('AS w("query", "weight")')
            ? 'rare'
            : '';
      if (kind === 'small base') lastSmallBase = statement;
      if (kind) seen.set(kind, (seen.get(kind) ?? 0) + 1);
    },
    work,
  );
  return seen;
}

async function termCountDrift(dataSource: DataSource): Promise<unknown[]> {
  return dataSource.query(
    `SELECT coalesce(k."kb_uuid", c."kb_uuid") AS "kb", coalesce(k."lexeme", c."lexeme") AS "lexeme",
            k."chunk_count" AS "counted", c."chunks" AS "actual"
       FROM "adi_knowledge_base_term" k
       FULL JOIN (SELECT e."kb_uuid", l."lexeme", count(*)::int AS "chunks"
                    FROM "adi_knowledge_base_embedding" e, unnest(tsvector_to_array(e."search_vector")) AS l("lexeme")
                   GROUP BY 1, 2) c ON c."kb_uuid" = k."kb_uuid" AND c."lexeme" = k."lexeme"
      WHERE k."chunk_count" IS DISTINCT FROM c."chunks"
      LIMIT 5`,
  );
}

describe.each([
  ['the PostgreSQL server', 'server'],
  ['PGlite', 'pglite'],
])('retrieval ranking and term counts on %s', (_name, where) => {
  let open: OpenDatabase;
  let knowledge: KnowledgeRepository;
  let base: KnowledgeBaseEntity;
  let small: KnowledgeBaseEntity;
  let items: KnowledgeBaseItemEntity[];

  beforeAll(async () => {
    open = await openTestDatabase(where === 'server' ? 'server' : 'pglite');
    knowledge = new KnowledgeRepository(open.dataSource);
    const owner = await open.dataSource.getRepository(UserEntity).save({
      uuid: randomUUID().replaceAll('-', ''),
      name: 'ranking',
      email: 'ranking@example.test',
      password: '-',
      isAdmin: false,
    });
    base = await knowledge.createBase({ title: 'ranking', ownerId: owner.id, ownerUuid: owner.uuid, ownerName: 'r' });
    // A second base with the same words, whose counts must not mix with the first's.
    const other = await knowledge.createBase({
      title: 'other',
      ownerId: owner.id,
      ownerUuid: owner.uuid,
      ownerName: 'r',
    });
    const random = prng(7);
    items = [];
    for (let i = 0; i < ITEMS; i++) {
      const item = await knowledge.createItem(base, { title: `item ${i}`, remark: '' });
      await knowledge.replaceChunks(item, chunksOf(random, CHUNKS_PER_ITEM));
      items.push(item);
    }
    const otherItem = await knowledge.createItem(other, { title: 'other', remark: '' });
    await knowledge.replaceChunks(otherItem, chunksOf(random, 200));
    // A base small enough to be scored whole, beside the large ones that share its words.
    small = await knowledge.createBase({ title: 'small', ownerId: owner.id, ownerUuid: owner.uuid, ownerName: 'r' });
    await knowledge.replaceChunks(
      await knowledge.createItem(small, { title: 'small', remark: '' }),
      chunksOf(random, 150),
    );
    base = (await knowledge.findBasesByIds([base.id]))[0]!;
    small = (await knowledge.findBasesByIds([small.id]))[0]!;
    await open.dataSource.query('ANALYZE');
  }, 120_000);

  afterAll(async () => {
    await open?.close();
  });

  const termCount = async (lexeme: string) => {
    const rows = await open.dataSource.query<{ n: number }[]>(
      `SELECT "chunk_count" AS "n" FROM "adi_knowledge_base_term" WHERE "kb_uuid" = $1 AND "lexeme" = $2`,
      [base.uuid, lexeme],
    );
    return rows[0]?.n;
  };

  it('keeps counts of every lexeme per base equal to the chunks holding it', async () => {
    expect(await termCountDrift(open.dataSource)).toEqual([]);
  });

  it.each([
    [3, 0.6],
    [1, 0.6],
    [5, 0.3],
    [3, 0.9],
  ])(
    'keeps what a full ranking keeps: %i results, minimum score %f',
    async (maxResults, minScore) => {
      const settings = { ...base, retrieveMaxResults: maxResults, retrieveMinScore: minScore };
      const retrieval = new PgRetrieval(open.dataSource, new GraphRepository(open.dataSource));
      const chunks = await indexedChunks(open.dataSource, base);
      const random = prng(maxResults * 100 + minScore * 10);
      const statements = await countStatements(open.dataSource, async () => {
        for (let i = 0; i < 40; i++) {
          const question = questionOf(random);
          const { kept, ranks } = await keptByFullRanking(open.dataSource, chunks, settings, question);
          const found = (await retrieval.retrieve(question, [settings])).embeddings;
          // Chunks of equal rank may come in either order; their scores, and each chunk's own rank, may not.
          expect({ question, scores: found.map((hit) => hit.score) }).toEqual({
            question,
            scores: kept.map((hit) => hit.score),
          });
          const best = Math.max(...ranks.values());
          for (const hit of found) {
            expect(Math.round((ranks.get(hit.embeddingId)! / best) * 100) / 100).toBe(hit.score);
          }
        }
      });
      // Both ways of ranking were taken: the rare terms alone, and every match when the rare ones could not settle it.
      expect(statements.get('rare')).toBeGreaterThan(5);
      expect(statements.get('every match')).toBeGreaterThan(5);
    },
    120_000,
  );

  it('ranks a small base as a full ranking does, through one prepared statement per shape of question', async () => {
    const settings = { ...small, retrieveMaxResults: 3, retrieveMinScore: 0.5 };
    const retrieval = new PgRetrieval(open.dataSource, new GraphRepository(open.dataSource));
    const chunks = await indexedChunks(open.dataSource, small);
    const random = prng(31);
    // English, Chinese and both, of every length: statements of different shapes, each under its own name.
    const questions = [
      ...Array.from({ length: 30 }, () => questionOf(random)),
      ...CHINESE.map((chinese, i) => `Is ${COMMON[i]} ${RARE[i]} in ${chinese}?`),
    ];
    const statements = await countStatements(open.dataSource, async () => {
      for (const question of questions) {
        const { kept } = await keptByFullRanking(open.dataSource, chunks, settings, question);
        const found = (await retrieval.retrieve(question, [settings])).embeddings;
        expect({ question, scores: found.map((hit) => hit.score) }).toEqual({
          question,
          scores: kept.map((hit) => hit.score),
        });
      }
    });
    // A question of at most eight terms is scored by a prepared statement; a longer one is planned for itself.
    const termsOf = (question: string) => new Set(wordTerms(question)).size + new Set(cjkTerms(question)).size;
    const short = questions.filter((question) => termsOf(question) <= 8).length;
    expect(short).toBeGreaterThan(20);
    expect(statements.get('small base')).toBe(short);
    expect(statements.get('every match') ?? 0).toBe(questions.length - short);
  }, 60_000);

  it('never reads the text index of every base, nor parses the terms per chunk, whatever plan PostgreSQL keeps', async () => {
    const retrieval = new PgRetrieval(open.dataSource, new GraphRepository(open.dataSource));
    lastSmallBase = undefined;
    // Common words: a plan that read them from the text index of every base would read most chunks of all bases.
    await countStatements(open.dataSource, async () => {
      await retrieval.retrieve(`Where is the ${COMMON.slice(0, 4).join(' ')}?`, [small]);
    });
    expect(lastSmallBase).toBeDefined();
    // Steered to the scans a text index could serve: no plan of those may read it either.
    const root = await genericPlan(open.dataSource, lastSmallBase!, ['enable_seqscan = off', 'enable_indexscan = off']);
    const nodes = planNodes(root);
    expect(nodes.some((node) => node['Relation Name'] === 'adi_knowledge_base_embedding')).toBe(true);
    expect(nodes.map((node) => node['Index Name'])).not.toContain('IDX_knowledge_chunk_search');
    // Each term's query is worked out once for the statement (an InitPlan), not in an expression every chunk runs.
    expect(perRowCalls(root, 'to_tsquery')).toEqual([]);
  });

  it('keeps the counts after chunks are replaced, items deleted and a write rolled back', async () => {
    const random = prng(99);
    // A word in no other chunk: its count goes when its chunk does.
    await knowledge.replaceChunks(items[0]!, [{ text: 'A zeppelin was noted.', searchTerms: '' }]);
    expect(await termCount('zeppelin')).toBe(1);
    await knowledge.replaceChunks(items[0]!, chunksOf(random, 5));
    expect(await termCount('zeppelin')).toBeUndefined();
    await knowledge.replaceChunks(items[1]!, []);
    await knowledge.deleteItem(items[2]!);
    await expect(
      open.dataSource.transaction(async (manager) => {
        await manager.query(`DELETE FROM "adi_knowledge_base_embedding" WHERE "kb_item_uuid" = $1`, [items[3]!.uuid]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await open.dataSource.query(
      `UPDATE "adi_knowledge_base_embedding" SET "text" = 'the patina of the mill' WHERE "kb_item_uuid" = $1`,
      [items[4]!.uuid],
    );
    expect(await termCountDrift(open.dataSource)).toEqual([]);
  });

  it('keeps the counts when two items of one base are indexed at once', async () => {
    const random = prng(5);
    await Promise.all(items.slice(5, 9).map((item) => knowledge.replaceChunks(item, chunksOf(random, 60))));
    expect(await termCountDrift(open.dataSource)).toEqual([]);
  });
});

function chunksOf(random: () => number, n: number) {
  return Array.from({ length: n }, () => {
    const text = chunkText(random);
    return { text, searchTerms: cjkTerms(text).join(' ') };
  });
}
