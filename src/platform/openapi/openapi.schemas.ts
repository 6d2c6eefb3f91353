import { NotFoundException } from '@nestjs/common';
import { z } from 'zod';
import type { ZodPipeOptions } from '../common/zod-pipe.js';

/** The page's own file names: letters, digits, dots and dashes; anything else is a missing asset. */
export const assetName = z.string().regex(/^[\w.-]{1,100}$/, 'must be a documentation asset name');
export const missingAsset: ZodPipeOptions = { invalid: () => new NotFoundException('No such documentation asset') };
