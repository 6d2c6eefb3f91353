import { z } from 'zod';
import { paging, text, uuid32 } from '../platform/common/request-fields.js';
import { requestSchema } from '../platform/common/zod-pipe.js';

/** The question column is 1000 characters. */
export const MAX_QUESTION_CHARS = 1000;

export const qaKbUuidParam = uuid32('the knowledge-base uuid');
export const qaRecordUuidParam = uuid32('the Q&A record uuid');

export const qaAddBody = requestSchema(
  'KnowledgeQaAddRequest',
  z.object({
    question: z
      .string({ error: 'is required: what to ask the knowledge base' })
      .trim()
      .min(1, 'must not be blank')
      .max(MAX_QUESTION_CHARS, `must be at most ${MAX_QUESTION_CHARS} characters`),
    /** The model column is 100 characters. */
    modelName: text(100).nullish(),
  }),
);

/**
 * `kbUuid` blank, or `default` (the stock frontend's placeholder before a knowledge base is chosen, which it asks
 * for on opening the page and does not catch a refusal of): no base named, no records.
 */
export const qaSearchQuery = requestSchema(
  'KnowledgeQaSearchQuery',
  z.object({
    kbUuid: z.union([z.literal(''), z.literal('default').transform(() => '' as const), qaKbUuidParam]).default(''),
    keyword: text(MAX_QUESTION_CHARS).default(''),
    ...paging(100, 20),
  }),
);
