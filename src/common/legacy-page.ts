import { z } from 'zod';

/** A MyBatis-Plus `Page` as legacy clients read it: `records` and `total`, with the paging numbers beside them. */
export interface LegacyPage<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export function legacyPage<T>(records: T[], total: number, current: number, size: number): LegacyPage<T> {
  return { records, total, size, current, pages: size > 0 ? Math.ceil(total / size) : 0 };
}

/** `currentPage` and `pageSize` from a query string; a page size up to `maxSize` (exports ask for many). */
export function pagingQuery(maxSize = 100) {
  return {
    currentPage: z.coerce.number().int().min(1, 'currentPage starts at 1').default(1),
    pageSize: z.coerce.number().int().min(1).max(maxSize, `pageSize is at most ${maxSize}`).default(10),
  };
}
