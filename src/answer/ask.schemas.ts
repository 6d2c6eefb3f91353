import { z } from 'zod';
import { RequestInvalidError } from '../platform/common/app-error.js';
import { text } from '../platform/common/request-fields.js';
import { requestSchema, type ZodPipeOptions } from '../platform/common/zod-pipe.js';

/** Longest question: far more than anyone types, well under what a model's context and the 100 KB body hold. */
export const MAX_PROMPT_CHARS = 50_000;
/** Most pictures one question may carry. */
export const MAX_IMAGE_URLS = 10;

/** The ask endpoints refuse bad input with HTTP 400 `REQUEST_INVALID`, before any stream starts. */
export const askInvalid: ZodPipeOptions = { invalid: (message) => new RequestInvalidError(message) };

const hex32 = /^[0-9a-f]{32}$/;

/** Body of `POST /conversation/message/process`. Unknown fields are ignored; blank strings count as absent. */
export const askBody = requestSchema(
  'AskRequest',
  z
    .object({
      conversationUuid: z
        .string({ error: 'is required: the uuid of the conversation to answer in' })
        .regex(hex32, 'must be 32 lowercase hex characters, as /conversation/list gives'),
      prompt: text(MAX_PROMPT_CHARS).optional(),
      regenerateQuestionUuid: z
        .string({ error: 'must be the uuid of a question of yours' })
        .trim()
        .regex(/^([0-9a-f]{32})?$/, 'must be the uuid of a question of yours: 32 lowercase hex characters')
        .optional(),
      modelPlatform: text(45).optional(),
      modelName: text(100).optional(),
      imageUrls: z
        .array(text(2048), { error: 'must be a list of picture URLs' })
        .max(MAX_IMAGE_URLS, `must list at most ${MAX_IMAGE_URLS} pictures`)
        .nullish(),
      audioUuid: text(64).nullish(),
      audioDuration: z
        .number({ error: 'must be a number of seconds from 0 to 86400' })
        .min(0, 'must be a number of seconds from 0 to 86400')
        .max(86_400, 'must be a number of seconds from 0 to 86400')
        .nullish(),
      /** Send the paragraph-citation events (also: header `X-Citation-Events: paragraph`). */
      citationEvents: z.boolean({ error: 'must be true or false' }).nullish(),
      /** Keep writing the answer for a grace period after a disconnect, so that the client can resume. */
      resumable: z.boolean({ error: 'must be true or false' }).nullish(),
    })
    .refine((body) => (body.prompt ?? '').trim() !== '' || (body.regenerateQuestionUuid ?? '') !== '', {
      message: 'is required (the question), unless regenerateQuestionUuid names a question to answer again',
      path: ['prompt'],
    }),
);

export type AskRequest = z.output<typeof askBody>;

export const answerUuidParam = z
  .string()
  .regex(hex32, 'must be 32 lowercase hex characters, as the X-Answer-Uuid header or [META] gives');

/** The id of the last event a client has; the same rule holds for the `Last-Event-ID` header. */
export const lastEventId = z
  .string()
  .trim()
  .regex(/^\d{1,9}$/, 'must be the id of the last event received: a whole number of at most 9 digits');

export const resumeQuery = requestSchema('AnswerResumeQuery', z.object({ lastEventId: lastEventId.optional() }));
