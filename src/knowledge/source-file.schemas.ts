import { z } from 'zod';
import { requestSchema } from '../platform/common/zod-pipe.js';

/** `<uuid>` or `<uuid>.<ext>`, as an item's file link names it; the extension column is 16 characters. */
export const fileNameParam = z
  .string()
  .regex(/^[0-9a-f]{32}(\.[A-Za-z0-9]{1,16})?$/, 'must be <uuid>.<extension>, as the item table links the file');

/** A login token, for links the browser opens without an Authorization header. */
export const downloadQuery = requestSchema(
  'SourceFileDownloadQuery',
  z.object({ token: z.string({ error: 'must be one login token' }).max(64, 'must be a login token').optional() }),
);
