import { AppError } from '../platform/common/app-error.js';
import { legacyPage } from '../platform/common/legacy-page.js';

/** A screen of the stock frontend this product does not provide: drawing, gallery, workflows, MCP tools, AI search. */
export class FeatureNotProvidedError extends AppError {
  readonly code = 'FEATURE_NOT_PROVIDED';
  constructor(feature: string) {
    super(`${feature} is not provided by this server; use the chat and knowledge-base pages.`);
  }
}

export const EMPTY_PAGE = legacyPage<never>([], 0, 1, 10);
/**
 * An empty page without `records`, as the legacy server writes a page whose list is null. For lists whose stock
 * screen, given an (even empty) `records` array, opens its first element at once and fails on an empty one.
 */
export const EMPTY_PAGE_NO_RECORDS = { total: 0, size: 10, current: 1, pages: 0 };
/** The legacy "list by max id" reply of the drawing screens. */
export const EMPTY_DRAW_LIST = { draws: [] as never[], minId: '0' };
/** The legacy "list by max id" reply of the AI-search history. */
export const EMPTY_SEARCH_RECORDS = { records: [] as never[], minId: '0' };
