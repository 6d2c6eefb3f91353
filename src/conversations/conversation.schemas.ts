import { z } from 'zod';
import { text, uuid32 } from '../platform/common/request-fields.js';
import { requestSchema } from '../platform/common/zod-pipe.js';

/** Most knowledge bases a conversation may have attached: their ids, comma-joined, fill a 1024-character column. */
export const MAX_ATTACHED_KNOWLEDGE_BASES = 50;

export const conversationUuidParam = uuid32('the conversation uuid');
export const messageUuidParam = uuid32('the message uuid');

/** Fields the frontend may send; everything else it sends (client-only state) is ignored. */
export const conversationBody = requestSchema(
  'ConversationFields',
  z.object({
    title: z.string().trim().min(1, 'must not be blank').max(45, 'must be at most 45 characters').optional(),
    remark: text(10_000).nullish(),
    aiSystemMessage: text(10_000).nullish(),
    kbIds: z
      .array(
        z
          .union([z.string(), z.number()], { error: 'must be knowledge-base ids' })
          .transform(String)
          .pipe(z.string().regex(/^[1-9]\d{0,17}$/, 'must be knowledge-base ids (positive whole numbers)')),
      )
      .max(MAX_ATTACHED_KNOWLEDGE_BASES, `must list at most ${MAX_ATTACHED_KNOWLEDGE_BASES} knowledge bases`)
      .nullish(),
    understandContextEnable: z.boolean({ error: 'must be true or false' }).nullish(),
    answerContentType: z
      .number({ error: 'must be 1 (auto), 2 (text) or 3 (audio)' })
      .int('must be 1 (auto), 2 (text) or 3 (audio)')
      .min(1, 'must be 1 (auto), 2 (text) or 3 (audio)')
      .max(3, 'must be 1 (auto), 2 (text) or 3 (audio)')
      .nullish(),
    isAutoplayAnswer: z.boolean({ error: 'must be true or false' }).nullish(),
    isEnableThinking: z.boolean({ error: 'must be true or false' }).nullish(),
    isEnableWebSearch: z.boolean({ error: 'must be true or false' }).nullish(),
  }),
);

export const historyQuery = requestSchema(
  'ConversationHistoryQuery',
  z.object({
    maxMsgUuid: z.union([z.literal(''), messageUuidParam]).default(''),
    pageSize: z.coerce
      .number({ error: 'must be a whole number from 1 to 100' })
      .int('must be a whole number from 1 to 100')
      .min(1, 'must be a whole number from 1 to 100')
      .max(100, 'must be a whole number from 1 to 100')
      .default(20),
  }),
);

/** Most answers one batched citation call reads: a page of history has 20 turns, its largest page 100. */
export const MAX_BATCHED_ANSWERS = 100;

export const citationsQuery = requestSchema(
  'AnswerCitationsQuery',
  z.object({
    answerUuids: z
      .string({ error: 'is required: answer uuids, separated by commas' })
      .regex(
        new RegExp(`^[0-9a-f]{32}(,[0-9a-f]{32}){0,${MAX_BATCHED_ANSWERS - 1}}$`),
        `must be 1 to ${MAX_BATCHED_ANSWERS} answer uuids (32 lowercase hex characters each), separated by commas`,
      ),
  }),
);
