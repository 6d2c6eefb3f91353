import { Controller, Get, UseGuards } from '@nestjs/common';
import type { z } from 'zod';
import { AdminGuard } from '../accounts/admin.guard.js';
import { ZodQuery } from '../platform/common/zod-pipe.js';
import { paragraphQuery, qualityQuery } from './admin.schemas.js';
import { AdminRepository } from './admin.repository.js';

/** Paragraph-citation queries and quality figures; admins only. */
@Controller('admin/citation')
@UseGuards(AdminGuard)
export class AdminController {
  constructor(private readonly admin: AdminRepository) {}

  @Get('paragraphs')
  async paragraphs(@ZodQuery(paragraphQuery) q: z.output<typeof paragraphQuery>) {
    const { currentPage, pageSize, ...filter } = q;
    return {
      success: true,
      data: await this.admin.paragraphs({ ...definedOnly(filter), page: currentPage, pageSize }),
    };
  }

  @Get('quality')
  async quality(@ZodQuery(qualityQuery) { from, to }: z.output<typeof qualityQuery>) {
    return { success: true, data: await this.admin.quality(from, to) };
  }
}

function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
