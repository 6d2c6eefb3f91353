import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { GraphEdgePayload, GraphVertexPayload } from '../citation/citation-catalog.js';
import { DATA_SOURCE } from '../platform/database/database.module.js';
import { GraphEdgeEntity, GraphVertexEntity } from '../platform/database/entities/index.js';
import { poolQuery, type PoolQuery } from '../platform/database/pool-query.js';
import { cjkText, wordTerms } from '../text/terms.js';
import type { Triple } from '../model/graph-extractor.js';

/** Trigram word similarity a vertex name needs to match the Chinese or Japanese part of a question. */
const MIN_NAME_SIMILARITY = 0.3;
const MAX_VERTICES = 8;

type VertexFields = Pick<GraphVertexEntity, 'id' | 'label' | 'name' | 'description' | 'textSegmentId' | 'metadata'>;
type EdgeFields = Pick<
  GraphEdgeEntity,
  'id' | 'label' | 'weight' | 'description' | 'textSegmentId' | 'metadata' | 'startId' | 'endId'
>;

export function toVertexPayload(vertex: VertexFields): GraphVertexPayload {
  return {
    kind: 'vertex',
    id: vertex.id,
    label: vertex.label,
    name: vertex.name,
    description: vertex.description,
    text_segment_id: vertex.textSegmentId,
    metadata: JSON.parse(vertex.metadata) as Record<string, unknown>,
  };
}

export function toEdgePayload(edge: EdgeFields, names: ReadonlyMap<string, string>): GraphEdgePayload {
  return {
    kind: 'edge',
    id: edge.id,
    label: edge.label,
    weight: edge.weight,
    description: edge.description,
    text_segment_id: edge.textSegmentId,
    metadata: JSON.parse(edge.metadata) as Record<string, unknown>,
    startId: edge.startId,
    sourceName: names.get(edge.startId) ?? '',
    endId: edge.endId,
    targetName: names.get(edge.endId) ?? '',
  };
}

/** One row of {@link MATCH_FACTS}: a vertex or an edge, each with its own columns (the other kind's are null). */
type FactRow = ({ kind: 'vertex' } & VertexFields) | ({ kind: 'edge' } & EdgeFields);

/**
 * The facts a question is about, in one statement: the vertices whose name shares an English term with the
 * question (`$2`) or resembles its Chinese or Japanese part (`$3`), then the edges both of whose ends are among
 * them. Vertices come first, by name; edges after (they have no position), by id. The vertices are worked out
 * once (`MATERIALIZED`), so that all three uses see the same eight.
 */
const MATCH_FACTS = `
  WITH matched AS MATERIALIZED (
    SELECT "id", "label", "name", "description", "text_segment_id", "metadata"
    FROM "adi_knowledge_graph_vertex"
    WHERE "kb_uuid" = ANY($1::varchar[])
      AND (($2::text <> '' AND to_tsvector('english', "name") @@ (SELECT to_tsquery('english', $2::text)))
        OR ($3::text <> '' AND word_similarity("name", $3::text) >= ${MIN_NAME_SIMILARITY}))
    ORDER BY "name", "id" LIMIT ${MAX_VERTICES}
  )
  SELECT * FROM (
    SELECT 'vertex' AS "kind", "id", "label", "name", "description", "text_segment_id" AS "textSegmentId",
           "metadata", NULL::double precision AS "weight", NULL::varchar AS "startId", NULL::varchar AS "endId",
           row_number() OVER (ORDER BY "name", "id") AS "position"
    FROM matched
    UNION ALL
    SELECT 'edge', e."id", e."label", NULL, e."description", e."text_segment_id", e."metadata", e."weight",
           e."start_id", e."end_id", NULL
    FROM "adi_knowledge_graph_edge" e
    WHERE e."start_id" IN (SELECT "id" FROM matched) AND e."end_id" IN (SELECT "id" FROM matched)
  ) facts
  ORDER BY "position" NULLS LAST, "id"`;

@Injectable()
export class GraphRepository {
  private readonly sql: PoolQuery;

  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {
    this.sql = poolQuery(dataSource);
  }

  /** Adds facts to a knowledge base's graph; entities are matched by name, so a name names one vertex. */
  async addTriples(
    kbUuid: string,
    triples: readonly Triple[],
    textSegmentId = '',
  ): Promise<{ vertices: number; edges: number }> {
    return this.dataSource.transaction(async (manager) => {
      const vertices = manager.getRepository(GraphVertexEntity);
      const byName = new Map(
        (await vertices.findBy({ kbUuid })).map((vertex) => [vertex.name.toLowerCase(), vertex] as const),
      );
      let created = 0;
      const vertexFor = async (entity: Triple['source']): Promise<GraphVertexEntity> => {
        const known = byName.get(entity.name.toLowerCase());
        if (known) return known;
        const vertex = await vertices.save(
          vertices.create({
            id: randomUUID(),
            kbUuid,
            name: entity.name,
            label: entity.label ?? '',
            description: entity.description ?? '',
            textSegmentId,
            metadata: JSON.stringify({ kb_uuid: kbUuid }),
          }),
        );
        byName.set(vertex.name.toLowerCase(), vertex);
        created++;
        return vertex;
      };
      for (const triple of triples) {
        const source = await vertexFor(triple.source);
        const target = await vertexFor(triple.target);
        await manager.insert(GraphEdgeEntity, {
          id: randomUUID(),
          kbUuid,
          label: triple.relation.label,
          weight: triple.relation.weight ?? 1,
          description: triple.relation.description ?? '',
          textSegmentId,
          metadata: JSON.stringify({ kb_uuid: kbUuid }),
          startId: source.id,
          endId: target.id,
        });
      }
      return { vertices: created, edges: triples.length };
    });
  }

  async graphOf(kbUuid: string): Promise<{ vertices: GraphVertexPayload[]; edges: GraphEdgePayload[] }> {
    const vertices = await this.dataSource.getRepository(GraphVertexEntity).findBy({ kbUuid });
    const edges = await this.dataSource.getRepository(GraphEdgeEntity).findBy({ kbUuid });
    const names = new Map(vertices.map((vertex) => [vertex.id, vertex.name]));
    return { vertices: vertices.map(toVertexPayload), edges: edges.map((edge) => toEdgePayload(edge, names)) };
  }

  /**
   * The facts a question is about: vertices whose name shares a term with it (full text), or resembles its
   * Chinese or Japanese part (trigrams), and the edges among those vertices.
   */
  async match(question: string, kbUuids: readonly string[]): Promise<(GraphVertexPayload | GraphEdgePayload)[]> {
    const english = [...new Set(wordTerms(question))].join(' | ');
    const cjk = cjkText(question);
    if (kbUuids.length === 0 || (english === '' && cjk === '')) return [];
    // Prepared: no index serves the name tests (their OR leaves only the bases' index), so the terms cannot change
    // the plan, and planning it cost PostgreSQL three times what running it does. The question's query is a
    // sub-select, worked out once: a plan made for any terms would otherwise parse them again for every vertex.
    const rows = await this.sql.rows<FactRow>(MATCH_FACTS, [kbUuids, english, cjk], 'graph_match_facts');
    const names = new Map<string, string>();
    for (const row of rows) if (row.kind === 'vertex') names.set(row.id, row.name);
    return rows.map((row) => (row.kind === 'vertex' ? toVertexPayload(row) : toEdgePayload(row, names)));
  }
}
