import { Inject, Injectable } from '@nestjs/common';
import { In, type DataSource } from 'typeorm';
import type { GraphEdgePayload, GraphVertexPayload } from '../citation/citation-catalog.js';
import { DATA_SOURCE } from '../platform/database/database.module.js';
import { GraphEdgeEntity, GraphVertexEntity, KnowledgeChunkEntity } from '../platform/database/entities/index.js';
import { toEdgePayload, toVertexPayload } from './graph.repository.js';

/** The graph facts extracted from one item: those whose text segment is one of the item's chunks. */
@Injectable()
export class ItemGraphRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /**
   * Up to `limit` edges and the vertices of the item, with every vertex an edge joins (a vertex is shared by the
   * items that name it, and a graph drawing needs both ends of each edge).
   */
  async graphOf(
    itemUuid: string,
    limit: number,
  ): Promise<{ vertices: GraphVertexPayload[]; edges: GraphEdgePayload[] }> {
    const chunks = await this.dataSource
      .getRepository(KnowledgeChunkEntity)
      .find({ select: { embeddingId: true }, where: { kbItemUuid: itemUuid } });
    const segments = chunks.map((chunk) => chunk.embeddingId);
    if (segments.length === 0) return { vertices: [], edges: [] };
    const edges = await this.dataSource
      .getRepository(GraphEdgeEntity)
      .find({ where: { textSegmentId: In(segments) }, order: { createTime: 'ASC' }, take: limit });
    const own = await this.dataSource
      .getRepository(GraphVertexEntity)
      .find({ where: { textSegmentId: In(segments) }, order: { createTime: 'ASC' }, take: limit });
    const missing = [...new Set(edges.flatMap((edge) => [edge.startId, edge.endId]))].filter(
      (id) => !own.some((vertex) => vertex.id === id),
    );
    const joined =
      missing.length === 0 ? [] : await this.dataSource.getRepository(GraphVertexEntity).findBy({ id: In(missing) });
    const vertices = [...own, ...joined];
    const names = new Map(vertices.map((vertex) => [vertex.id, vertex.name]));
    return { vertices: vertices.map(toVertexPayload), edges: edges.map((edge) => toEdgePayload(edge, names)) };
  }
}
