import { z } from 'zod';

/**
 * Field schemas shared by the request schemas, with limits that match the columns they end in, so that a value
 * too long for its column is a clear `A0002` here instead of a database error.
 */

/** A legacy id: 32 lowercase hex characters (a UUID without dashes). */
export const uuid32 = (what: string) =>
  z
    .string({ error: `${what} is required: 32 lowercase hex characters` })
    .regex(/^[0-9a-f]{32}$/, `${what} must be 32 lowercase hex characters`);

/** Text of at most `max` characters (a `varchar(max)` column). */
export const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);

/**
 * A numeric database id in a `saveOrUpdate` body, as the legacy server sends it: a string (or number) of digits.
 * `"0"` or `""` means "new", as the stock frontend sends it; any other value must name an existing row.
 */
export const numericId = z
  .union([z.string(), z.number()], { error: 'must be a numeric id, or "0" for a new one' })
  .transform(String)
  .pipe(z.string().regex(/^(\d{1,18})?$/, 'must be a numeric id of at most 18 digits, or "0" for a new one'));

/** A numeric database id in a path: digits only, at most 18 (a PostgreSQL bigint). */
export const numericIdParam = (what: string) =>
  z.string().regex(/^[1-9]\d{0,17}$/, `${what} must be a positive whole number of at most 18 digits`);

/** A search keyword of at most `max` characters (the column it is matched against). */
export const keyword = (max: number) => text(max).default('');

/** A boolean sent in a query string. */
export const queryFlag = z.enum(['true', 'false'], { error: 'must be true or false' });

/** `currentPage`/`pageSize` of paged searches. */
export const paging = (maxPageSize: number, defaultPageSize: number) => ({
  currentPage: z.coerce
    .number({ error: 'must be a whole number from 1' })
    .int('must be a whole number from 1')
    .min(1, 'must be a whole number from 1')
    .max(1_000_000, 'must be at most 1000000')
    .default(1),
  pageSize: z.coerce
    .number({ error: `must be a whole number from 1 to ${maxPageSize}` })
    .int(`must be a whole number from 1 to ${maxPageSize}`)
    .min(1, `must be a whole number from 1 to ${maxPageSize}`)
    .max(maxPageSize, `must be a whole number from 1 to ${maxPageSize}`)
    .default(defaultPageSize),
});

/** A 32-bit signed integer column's range, narrowed to what makes sense. */
export const intIn = (min: number, max: number) =>
  z
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int(`must be a whole number from ${min} to ${max}`)
    .min(min, `must be a whole number from ${min} to ${max}`)
    .max(max, `must be a whole number from ${min} to ${max}`);
