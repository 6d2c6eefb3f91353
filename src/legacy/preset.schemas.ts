import { z } from 'zod';
import { paging, text, uuid32 } from '../platform/common/request-fields.js';
import { requestSchema } from '../platform/common/zod-pipe.js';

/** A preset's title is a conversation's title when it is used: the same 45 characters. */
const TITLE_CHARS = 45;

export const presetUuidParam = uuid32('the preset uuid');

export const presetSearchQuery = requestSchema('PresetSearchQuery', z.object(paging(100, 10)));

/**
 * The stock frontend sends `{keyword:""}`; the legacy server reads `title`. Both are accepted, `title` first; the
 * words searched for are trimmed, and none (blank) lists every preset.
 */
export const presetSearchBody = requestSchema(
  'PresetSearchRequest',
  z
    .object({ title: text(TITLE_CHARS).optional(), keyword: text(TITLE_CHARS).optional() })
    .transform(({ title, keyword }) => ({ words: (title ?? keyword ?? '').trim() })),
);

export const presetRelationQuery = requestSchema(
  'PresetRelationQuery',
  z.object({
    limit: z.coerce
      .number({ error: 'must be a whole number from 1 to 1000' })
      .int('must be a whole number from 1 to 1000')
      .min(1, 'must be a whole number from 1 to 1000')
      .max(1000, 'must be a whole number from 1 to 1000')
      .default(100),
  }),
);

export const presetUseQuery = requestSchema('PresetUseQuery', z.object({ presetUuid: presetUuidParam }));

export const presetBody = requestSchema(
  'PresetRequest',
  z.object({
    title: z
      .string({ error: 'is required: the title of the preset' })
      .trim()
      .min(1, 'must not be blank')
      .max(TITLE_CHARS, `must be at most ${TITLE_CHARS} characters`),
    remark: text(10_000).default(''),
    aiSystemMessage: text(10_000).default(''),
  }),
);
