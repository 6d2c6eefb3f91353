import { NotFoundException } from '@nestjs/common';
import { z } from 'zod';
import type { ZodPipeOptions } from '../common/zod-pipe.js';

/** Built asset names: hashed by the build, never a path. */
export const assetName = z.string().regex(/^[\w-]{1,200}\.(js|css|svg|png|woff2?)$/, 'must be a built asset name');
/** A name no build makes is a missing asset, as any other. */
export const missingAsset: ZodPipeOptions = { invalid: () => new NotFoundException() };
