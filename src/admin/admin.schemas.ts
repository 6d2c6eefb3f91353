import { z } from 'zod';
import { paging, queryFlag, text } from '../platform/common/request-fields.js';
import { requestSchema } from '../platform/common/zod-pipe.js';

/** Dates PostgreSQL's timestamptz can hold, and that make sense for stored answers. */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(9999, 11, 31);
const DATE_HINT = 'must be a date from 2000-01-01 to 9999-12-31, e.g. 2026-11-01 or 2026-11-01T12:00:00Z';

const date = z
  .string()
  .max(40, DATE_HINT)
  .transform((value) => new Date(value))
  .refine((value) => !Number.isNaN(value.getTime()) && value.getTime() >= EARLIEST && value.getTime() <= LATEST, {
    message: DATE_HINT,
  });

export const paragraphQuery = requestSchema(
  'AdminParagraphQuery',
  z.object({
    answerUuid: text(32).optional(),
    conversationUuid: text(32).optional(),
    sourceId: text(64).optional().describe('a chunk embedding id or graph element id'),
    citationId: text(16).optional(),
    hasCitationError: queryFlag.transform((value) => value === 'true').optional(),
    from: date.optional(),
    to: date.optional(),
    ...paging(200, 20),
  }),
);

const DAY_MS = 24 * 3_600_000;
/** How far back the quality figures look when `from` is not given. */
const QUALITY_WINDOW_DAYS = 30;

/** The window of the quality figures: up to `to` (now, unless given), from `from` (else 30 days before `to`). */
export const qualityQuery = requestSchema(
  'AdminQualityQuery',
  z
    .object({
      from: date.optional().describe(`default: ${QUALITY_WINDOW_DAYS} days before \`to\``),
      to: date.optional().describe('default: now'),
    })
    .transform(({ from, to = new Date() }) => ({
      from: from ?? new Date(to.getTime() - QUALITY_WINDOW_DAYS * DAY_MS),
      to,
    })),
);
