import { Controller, ForbiddenException, Get, Query } from '@nestjs/common';
import { z } from 'zod';
import { User, type CurrentUser } from '../auth/current-user.js';
import { InvalidParameterError } from '../common/app-error.js';
import { describeIssues } from '../conversation/ask-request.js';
import { AdminRepository } from './admin.repository.js';

const DAY = 24 * 3_600_000;
const date = z.coerce.date({ error: 'must be a date, e.g. 2026-11-01 or 2026-11-01T12:00:00Z' });

const paragraphQuery = z.object({
  answerUuid: z.string().optional(),
  conversationUuid: z.string().optional(),
  sourceId: z.string().optional().describe('a chunk embedding id or graph element id'),
  citationId: z.string().optional(),
  hasCitationError: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  from: date.optional(),
  to: date.optional(),
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

const qualityQuery = z.object({ from: date.optional(), to: date.optional() });

/** Paragraph-citation queries and quality figures; admins only. */
@Controller('admin/citation')
export class AdminController {
  constructor(private readonly admin: AdminRepository) {}

  @Get('paragraphs')
  async paragraphs(@User() user: CurrentUser, @Query() query: unknown) {
    requireAdmin(user);
    const q = parse(paragraphQuery, query);
    const { currentPage, pageSize, ...filter } = q;
    return {
      success: true,
      data: await this.admin.paragraphs({ ...definedOnly(filter), page: currentPage, pageSize }),
    };
  }

  @Get('quality')
  async quality(@User() user: CurrentUser, @Query() query: unknown) {
    requireAdmin(user);
    const q = parse(qualityQuery, query);
    const to = q.to ?? new Date();
    const from = q.from ?? new Date(to.getTime() - 30 * DAY);
    return { success: true, data: await this.admin.quality(from, to) };
  }
}

function requireAdmin(user: CurrentUser): void {
  if (!user.isAdmin) throw new ForbiddenException('admins only');
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new InvalidParameterError(describeIssues(parsed.error));
  return parsed.data;
}

function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
