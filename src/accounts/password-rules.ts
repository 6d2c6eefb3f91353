import { z } from 'zod';

/** A password a person may choose: bcrypt reads at most 72 bytes, so longer ones are refused rather than cut. */
export const newPassword = z
  .string()
  .min(6, 'the password needs at least 6 characters')
  .max(64, 'the password is at most 64 characters')
  .refine((value) => Buffer.byteLength(value) <= 72, 'the password is at most 72 bytes');
