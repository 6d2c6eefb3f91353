import { z } from 'zod';
import { requestSchema } from '../platform/common/zod-pipe.js';

export const loginBody = requestSchema(
  'LoginRequest',
  z.object({
    email: z
      .string({ error: 'is required: the e-mail address of the account' })
      .trim()
      .min(1, 'is required: the e-mail address of the account')
      .max(120, 'must be at most 120 characters'),
    password: z.string({ error: 'is required' }).min(1, 'is required').max(1000, 'must be at most 1000 characters'),
    captchaId: z.string().max(64).optional(),
    captchaCode: z.string().max(16).optional(),
  }),
);
