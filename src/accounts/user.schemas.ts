import { z } from 'zod';
import { newPassword } from './password-rules.js';
import { requestSchema, type ZodPipeOptions } from '../platform/common/zod-pipe.js';
import { AvatarSizeError } from './user-errors.js';

/**
 * Anyone's picture is drawn from their uuid; the legacy frontend also asks for short ids (`/user/avatar/1`), so any
 * short name of letters, digits, `-` and `_` draws one.
 */
export const avatarUuidParam = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a user uuid: at most 64 letters, digits, "-" or "_"');

const side = z.coerce
  .number({ error: 'must be a whole number from 32 to 128' })
  .int('must be a whole number from 32 to 128')
  .min(32, 'must be a whole number from 32 to 128')
  .max(128, 'must be a whole number from 32 to 128')
  .default(64);

/** Width and height of the picture, in pixels (64 unless given). */
export const avatarQuery = requestSchema('AvatarQuery', z.object({ width: side, height: side }));

/** The legacy server answers a bad picture size with its own code, `B0003`. */
export const avatarSizeInvalid: ZodPipeOptions = { invalid: (message: string) => new AvatarSizeError(message) };

export const passwordBody = requestSchema(
  'PasswordChangeRequest',
  z.object({
    oldPassword: z
      .string({ error: 'is required: your current password' })
      .min(1, 'is required: your current password')
      .max(200, 'must be at most 200 characters'),
    newPassword,
  }),
);
