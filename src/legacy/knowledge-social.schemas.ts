import { z } from 'zod';
import { keyword, paging } from '../platform/common/request-fields.js';
import { requestSchema } from '../platform/common/zod-pipe.js';
import { kbUuidParam } from '../knowledge/knowledge.schemas.js';

export const publicSearchQuery = requestSchema(
  'KnowledgeBasePublicSearchQuery',
  z.object({ keyword: keyword(250), ...paging(100, 10) }),
);

export const pageQuery = requestSchema('PageQuery', z.object(paging(100, 10)));

/** `maxVertexId` and `maxEdgeId` are accepted and ignored: the frontend asks once, for everything up to `limit`. */
export const itemGraphQuery = requestSchema(
  'KnowledgeItemGraphQuery',
  z.object({
    limit: z.coerce
      .number({ error: 'must be a whole number from 1 to 1000' })
      .int('must be a whole number from 1 to 1000')
      .min(1, 'must be a whole number from 1 to 1000')
      .max(1000, 'must be a whole number from 1 to 1000')
      .default(100),
  }),
);

export const starQuery = requestSchema('KnowledgeBaseStarQuery', z.object({ kbUuid: kbUuidParam }));
