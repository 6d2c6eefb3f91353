import { z } from 'zod';
import { intIn, numericId, paging, queryFlag, text, uuid32 } from '../platform/common/request-fields.js';
import { requestSchema } from '../platform/common/zod-pipe.js';

/** Longest document, in bytes, that an upload may carry (the legacy server's limit). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Longest text an item may hold when added as JSON; an upload may carry up to {@link MAX_UPLOAD_BYTES}. */
export const MAX_ITEM_TEXT_CHARS = MAX_UPLOAD_BYTES;
/** Most items one indexing request may name. */
export const MAX_ITEMS_PER_INDEXING = 1000;
/** Most graph facts one request may add. */
export const MAX_TRIPLES_PER_REQUEST = 1000;

export const kbUuidParam = uuid32('the knowledge-base uuid');
export const itemUuidParam = uuid32('the item uuid');

export const knowledgeBaseBody = requestSchema(
  'KnowledgeBaseSaveRequest',
  z.object({
    id: numericId.nullish(),
    title: z.string().trim().min(1, 'must not be blank').max(250, 'must be at most 250 characters').optional(),
    remark: text(10_000).nullish(),
    isPublic: z.boolean({ error: 'must be true or false' }).nullish(),
    isStrict: z.boolean({ error: 'must be true or false' }).nullish(),
    retrieveMaxResults: intIn(0, 50).nullish(),
    retrieveMinScore: z
      .number({ error: 'must be a number from 0 to 1' })
      .min(0, 'must be a number from 0 to 1')
      .max(1, 'must be a number from 0 to 1')
      .nullish(),
    ingestMaxSegment: intIn(0, 100_000).nullish(),
    ingestMaxOverlap: intIn(0, 100_000).nullish(),
  }),
);

export const knowledgeBaseSearchQuery = requestSchema(
  'KnowledgeBaseSearchQuery',
  z.object({
    keyword: text(250).default(''),
    ...paging(100, 10),
    includeOthersPublic: queryFlag.default('false'),
  }),
);

export const itemSearchQuery = requestSchema(
  'KnowledgeBaseItemSearchQuery',
  z.object({ keyword: text(250).default(''), ...paging(100, 10), kbUuid: kbUuidParam }),
);

export const itemBody = requestSchema(
  'KnowledgeBaseItemSaveRequest',
  z.object({
    id: numericId.nullish(),
    uuid: z.union([z.literal(''), itemUuidParam]).nullish(),
    kbUuid: kbUuidParam,
    title: z.string().trim().min(1, 'must not be blank').max(250, 'must be at most 250 characters'),
    remark: z
      .string({ error: 'is required: the text of the item' })
      .min(1, 'must not be empty: it is the text of the item')
      .max(MAX_ITEM_TEXT_CHARS, `must be at most ${MAX_ITEM_TEXT_CHARS} characters`),
  }),
);

export const uploadQuery = requestSchema(
  'KnowledgeBaseUploadQuery',
  z.object({ indexAfterUpload: queryFlag.default('false') }),
);

export const indexingBody = requestSchema(
  'KnowledgeBaseIndexingRequest',
  z.object({
    uuids: z
      .array(itemUuidParam, { error: 'must be a list of item uuids' })
      .min(1, 'must list the items to index')
      .max(MAX_ITEMS_PER_INDEXING, `must list at most ${MAX_ITEMS_PER_INDEXING} items`),
    indexTypes: z
      .array(z.enum(['embedding', 'graphical'], { error: 'must be "embedding" or "graphical"' }))
      .max(2)
      .default(['embedding'])
      .refine((types) => types.length > 0, { message: 'must list "embedding" and/or "graphical"' }),
  }),
);

const entity = z.object({
  name: z.string().trim().min(1, 'must not be blank').max(250, 'must be at most 250 characters'),
  label: text(64).optional(),
  description: text(10_000).optional(),
});

export const triplesBody = requestSchema(
  'KnowledgeGraphTriplesRequest',
  z.object({
    triples: z
      .array(
        z.object({
          source: entity,
          relation: z.object({
            label: z.string().trim().min(1, 'must not be blank').max(64, 'must be at most 64 characters'),
            description: text(10_000).optional(),
            weight: z.number().min(0).max(1_000_000).optional(),
          }),
          target: entity,
        }),
      )
      .min(1, 'must list at least one fact')
      .max(MAX_TRIPLES_PER_REQUEST, `must list at most ${MAX_TRIPLES_PER_REQUEST} facts`),
  }),
);
