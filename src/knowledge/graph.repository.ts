import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { GraphEdgePayload, GraphVertexPayload } from '../citation/citation-catalog.js';
import { DATA_SOURCE } from '../database/database.module.js';
import { GraphEdgeEntity, GraphVertexEntity } from '../database/entities/index.js';
import { EntitySelect } from '../database/entity-select.js';
import { wordTerms } from '../common/text-terms.js';

/** One fact: two entities and how they relate. */
export interface Triple {
  source: { name: string; label?: string; description?: string };
  relation: { label: string; description?: string; weight?: number };
  target: { name: string; label?: string; description?: string };
}

/** Trigram word similarity a vertex name needs to match the Chinese or Japanese part of a question. */
const MIN_NAME_SIMILARITY = 0.3;
const MAX_VERTICES = 8;

export function toVertexPayload(vertex: GraphVertexEntity): GraphVertexPayload {
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

export function toEdgePayload(edge: GraphEdgeEntity, names: ReadonlyMap<string, string>): GraphEdgePayload {
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

@Injectable()
export class GraphRepository {
  /** Vertices whose name shares an English term with the question (`$2`) or resembles its CJK part (`$3`). */
  private readonly namedVertices: EntitySelect<GraphVertexEntity>;
  /** Edges both of whose ends are among the given vertices. */
  private readonly edgesAmong: EntitySelect<GraphEdgeEntity>;

  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {
    this.namedVertices = new EntitySelect(
      dataSource.getRepository(GraphVertexEntity),
      `"kb_uuid" = ANY($1::varchar[])
         AND (($2::text <> '' AND to_tsvector('english', "name") @@ to_tsquery('english', $2::text))
           OR ($3::text <> '' AND word_similarity("name", $3::text) >= ${MIN_NAME_SIMILARITY}))
       ORDER BY "name" LIMIT ${MAX_VERTICES}`,
      // A text search: planned for its terms each time (see EntitySelect).
      false,
    );
    this.edgesAmong = new EntitySelect(
      dataSource.getRepository(GraphEdgeEntity),
      `"start_id" = ANY($1::varchar[]) AND "end_id" = ANY($1::varchar[])`,
    );
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
    const cjk = (question.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu) ?? []).join('');
    if (kbUuids.length === 0 || (english === '' && cjk === '')) return [];
    const matched = await this.namedVertices.many([kbUuids, english, cjk]);
    if (matched.length === 0) return [];
    const edges = await this.edgesAmong.many([matched.map((vertex) => vertex.id)]);
    const names = new Map(matched.map((vertex) => [vertex.id, vertex.name]));
    return [...matched.map(toVertexPayload), ...edges.map((edge) => toEdgePayload(edge, names))];
  }
}
