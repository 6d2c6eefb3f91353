import { Controller, Get } from '@nestjs/common';
import type { z } from 'zod';
import { User, type CurrentUser } from '../accounts/current-user.js';
import { ZodQuery } from '../platform/common/zod-pipe.js';
import { paragraphQuery, qualityQuery } from './admin.schemas.js';
import { AdminRepository } from './admin.repository.js';
import { AdminOnlyError } from '../accounts/auth.errors.js';

const DAY = 24 * 3_600_000;

/** Paragraph-citation queries and quality figures; admins only. */
@Controller('admin/citation')
export class AdminController {
  constructor(private readonly admin: AdminRepository) {}

  @Get('paragraphs')
  async paragraphs(@User() user: CurrentUser, @ZodQuery(paragraphQuery) q: z.output<typeof paragraphQuery>) {
    requireAdmin(user);
    const { currentPage, pageSize, ...filter } = q;
    return {
      success: true,
      data: await this.admin.paragraphs({ ...definedOnly(filter), page: currentPage, pageSize }),
    };
  }

  @Get('quality')
  async quality(@User() user: CurrentUser, @ZodQuery(qualityQuery) q: z.output<typeof qualityQuery>) {
    requireAdmin(user);
    const to = q.to ?? new Date();
    const from = q.from ?? new Date(to.getTime() - 30 * DAY);
    return { success: true, data: await this.admin.quality(from, to) };
  }
}

function requireAdmin(user: CurrentUser): void {
  if (!user.isAdmin) throw new AdminOnlyError();
}

function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
