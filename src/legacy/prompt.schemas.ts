import { z } from 'zod';
import { keyword, numericIdParam, paging } from '../platform/common/request-fields.js';
import { requestSchema } from '../platform/common/zod-pipe.js';

/** The name column is 120 characters. */
const ACT_CHARS = 120;
const PROMPT_CHARS = 20_000;
/** Exports ask for 10,000 prompts at once; imports send as many. */
const MAX_PROMPTS = 10_000;

const act = z
  .string({ error: 'must be the prompt name' })
  .trim()
  .min(1, 'must not be blank: it is the prompt name')
  .max(ACT_CHARS, `must be at most ${ACT_CHARS} characters`);
const text = z
  .string({ error: 'must be the prompt text' })
  .min(1, 'must not be empty: it is the prompt text')
  .max(PROMPT_CHARS, `must be at most ${PROMPT_CHARS} characters`);

export const promptIdParam = numericIdParam('the prompt id');

export const promptSearchQuery = requestSchema(
  'PromptSearchQuery',
  z.object({ keyword: keyword(ACT_CHARS), ...paging(MAX_PROMPTS, 10) }),
);

export const promptAutocompleteQuery = requestSchema(
  'PromptAutocompleteQuery',
  z.object({ keyword: keyword(ACT_CHARS) }),
);

/** Imports may name the fields `key` and `value`, as some shared prompt collections do. */
export const promptSaveBody = requestSchema(
  'PromptSaveRequest',
  z.object({
    prompts: z
      .array(
        z.union([
          z.object({ act, prompt: text }),
          z.object({ key: act, value: text }).transform(({ key, value }) => ({ act: key, prompt: value })),
        ]),
        { error: 'must be a list of {act, prompt}' },
      )
      .min(1, 'must list at least one {act, prompt}')
      .max(MAX_PROMPTS, `must list at most ${MAX_PROMPTS} prompts`),
  }),
);

/** The legacy names are `title` (the name) and `remark` (the text); `act` and `prompt` are accepted too. */
export const promptEditBody = requestSchema(
  'PromptEditRequest',
  z
    .object({ title: act.optional(), remark: text.optional(), act: act.optional(), prompt: text.optional() })
    .transform((body) => ({ act: body.title ?? body.act, prompt: body.remark ?? body.prompt }))
    .refine((changes) => changes.act !== undefined || changes.prompt !== undefined, {
      message: 'send title (the new name) and/or remark (the new text)',
    })
    .transform((changes) => ({
      ...(changes.act !== undefined ? { act: changes.act } : {}),
      ...(changes.prompt !== undefined ? { prompt: changes.prompt } : {}),
    })),
);
