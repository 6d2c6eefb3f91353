import { z } from 'zod';

/** Body of `POST /conversation/message/process`. Unknown fields are ignored; blank strings count as absent. */
export const askRequestSchema = z
  .object({
    conversationUuid: z
      .string({ error: 'conversationUuid is required: the uuid of the conversation to answer in' })
      .regex(/^[0-9a-f]{32}$/, 'conversationUuid must be 32 lowercase hex characters, as /conversation/list gives'),
    prompt: z.string().optional(),
    regenerateQuestionUuid: z.string().optional(),
    modelPlatform: z.string().optional(),
    modelName: z.string().optional(),
    imageUrls: z.array(z.string()).nullish(),
    audioUuid: z.string().nullish(),
    audioDuration: z.number().nullish(),
    /** Send the paragraph-citation events (also: header `X-Citation-Events: paragraph`). */
    citationEvents: z.boolean().nullish(),
    /** Keep writing the answer for a grace period after a disconnect, so that the client can resume. */
    resumable: z.boolean().nullish(),
  })
  .refine((body) => (body.prompt ?? '').trim() !== '' || (body.regenerateQuestionUuid ?? '').trim() !== '', {
    message: 'prompt is required (the question), unless regenerateQuestionUuid names a question to answer again',
    path: ['prompt'],
  });

export type AskRequest = z.infer<typeof askRequestSchema>;

/** One readable line per problem, naming the field. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ` : '') + issue.message)
    .join('; ');
}

/** Citation events are sent when the body or the header asks for them, or when the deployment sends them always. */
export function wantsCitationEvents(request: AskRequest, header: string | undefined, byDefault: boolean): boolean {
  if (request.citationEvents === true) return true;
  if (request.citationEvents === false) return false;
  return byDefault || header?.trim().toLowerCase() === 'paragraph';
}
