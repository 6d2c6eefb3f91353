import { randomUUID } from 'node:crypto';
import type { OpenDatabase } from '../src/platform/database/data-source.js';
import { UserEntity, type KnowledgeBaseEntity } from '../src/platform/database/entities/index.js';
import type { GraphEdgePayload, GraphVertexPayload } from '../src/citation/citation-catalog.js';
import { GraphRepository } from '../src/knowledge/graph.repository.js';
import { KnowledgeRepository } from '../src/knowledge/knowledge.repository.js';
import { openTestDatabase } from './support/database.js';
import { capturedStatement, genericPlan, perRowCalls } from './support/generic-plan.js';

/**
 * The graph facts a question matches, read in one statement: the vertices it names (by English term or by
 * resemblance to its Chinese part), at most eight, by name; then the edges between two of those vertices and no
 * others, with the names of their ends. On the PostgreSQL server and on PGlite alike.
 */
describe.each([
  ['PostgreSQL', 'server'],
  ['PGlite', 'pglite'],
])('graph facts a question matches, on %s', (_name, where) => {
  let open: OpenDatabase;
  let graphs: GraphRepository;
  let base: KnowledgeBaseEntity;
  let other: KnowledgeBaseEntity;

  beforeAll(async () => {
    open = await openTestDatabase(where === 'server' ? 'server' : 'pglite');
    const knowledge = new KnowledgeRepository(open.dataSource);
    graphs = new GraphRepository(open.dataSource);
    const owner = await open.dataSource.getRepository(UserEntity).save({
      uuid: randomUUID().replaceAll('-', ''),
      name: 'graph',
      email: 'graph@example.test',
      password: '-',
      isAdmin: false,
    });
    const baseOf = (title: string) =>
      knowledge.createBase({ title, ownerId: owner.id, ownerUuid: owner.uuid, ownerName: 'g' });
    base = await baseOf('islands');
    other = await baseOf('elsewhere');
    await graphs.addTriples(base.uuid, [
      {
        source: { name: 'Quokka', label: 'Animal', description: 'A small marsupial.' },
        relation: { label: 'lives on', description: 'Quokkas live on Rottnest Island.', weight: 0.75 },
        target: { name: 'Rottnest Island', label: 'Place' },
      },
      {
        source: { name: 'Rottnest Island' },
        relation: { label: 'lies off' },
        target: { name: 'Perth' },
      },
      { source: { name: 'Quokka' }, relation: { label: 'eats' }, target: { name: 'Grass' } },
      { source: { name: '罗特尼斯岛' }, relation: { label: 'is' }, target: { name: 'Rottnest Island' } },
    ]);
    // The same names in another base: never matched for the first.
    await graphs.addTriples(other.uuid, [
      { source: { name: 'Quokka' }, relation: { label: 'lives on' }, target: { name: 'Rottnest Island' } },
    ]);
  }, 120_000);

  afterAll(async () => {
    await open?.close();
  });

  const vertices = (facts: (GraphVertexPayload | GraphEdgePayload)[]) =>
    facts.filter((fact): fact is GraphVertexPayload => fact.kind === 'vertex');
  const edges = (facts: (GraphVertexPayload | GraphEdgePayload)[]) =>
    facts.filter((fact): fact is GraphEdgePayload => fact.kind === 'edge');

  it('gives the named vertices by name, then only the edges between two of them, with their ends named', async () => {
    const facts = await graphs.match('Where does the quokka live, on Rottnest Island?', [base.uuid]);
    expect(vertices(facts).map((vertex) => vertex.name)).toEqual(['Quokka', 'Rottnest Island']);
    // Vertices first, then edges.
    expect(facts.map((fact) => fact.kind)).toEqual(['vertex', 'vertex', 'edge']);
    const [edge] = edges(facts);
    const quokka = vertices(facts)[0]!;
    expect(edge).toEqual({
      kind: 'edge',
      id: expect.any(String) as string,
      label: 'lives on',
      weight: 0.75,
      description: 'Quokkas live on Rottnest Island.',
      text_segment_id: '',
      metadata: { kb_uuid: base.uuid },
      startId: quokka.id,
      sourceName: 'Quokka',
      endId: vertices(facts)[1]!.id,
      targetName: 'Rottnest Island',
    });
    expect(quokka).toEqual({
      kind: 'vertex',
      id: expect.any(String) as string,
      label: 'Animal',
      name: 'Quokka',
      description: 'A small marsupial.',
      text_segment_id: '',
      metadata: { kb_uuid: base.uuid },
    });
  });

  it('matches the Chinese part of a question by resemblance, and its edges to the other named vertices', async () => {
    const facts = await graphs.match('罗特尼斯岛 and Perth', [base.uuid]);
    expect(vertices(facts).map((vertex) => vertex.name)).toEqual(['Perth', '罗特尼斯岛']);
    // Rottnest Island is not named: neither of the edges through it is given.
    expect(edges(facts)).toEqual([]);
    const withIsland = await graphs.match('罗特尼斯岛 Rottnest', [base.uuid]);
    expect(edges(withIsland).map((edge) => [edge.sourceName, edge.label, edge.targetName])).toEqual([
      ['罗特尼斯岛', 'is', 'Rottnest Island'],
    ]);
  });

  it('reads only the given bases, and nothing for a question that names nothing', async () => {
    const both = await graphs.match('quokka on rottnest', [base.uuid, other.uuid]);
    expect(
      vertices(both)
        .map((vertex) => vertex.metadata.kb_uuid)
        .sort(),
    ).toEqual([base.uuid, base.uuid, other.uuid, other.uuid].sort());
    // Each base's edge joins its own two vertices.
    expect(edges(both)).toHaveLength(2);
    expect(vertices(await graphs.match('quokka', [other.uuid]))).toHaveLength(1);
    expect(await graphs.match('?!', [base.uuid])).toEqual([]);
    expect(await graphs.match('quokka', [])).toEqual([]);
  });

  it('gives at most eight vertices', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `Lighthouse ${String.fromCharCode(65 + i)}`);
    await graphs.addTriples(
      other.uuid,
      names.slice(1).map((name) => ({ source: { name: names[0]! }, relation: { label: 'near' }, target: { name } })),
    );
    const facts = await graphs.match('lighthouse', [other.uuid]);
    expect(vertices(facts).map((vertex) => vertex.name)).toEqual(names.slice(0, 8));
    expect(edges(facts)).toHaveLength(7);
  });

  it('parses the question once a statement, whatever plan PostgreSQL keeps for it', async () => {
    const statement = await capturedStatement(open.dataSource, 'graph_match_facts', () =>
      graphs.match('Where do quokka eat grass on the island?', [base.uuid]),
    );
    expect(statement).toBeDefined();
    // A plan made for any question: its query is a once-run sub-select, not parsed again for every vertex.
    const root = await genericPlan(open.dataSource, statement!);
    expect(JSON.stringify(root)).toContain('adi_knowledge_graph_vertex');
    expect(perRowCalls(root, 'to_tsquery')).toEqual([]);
  });
});
