import { ApiError, CitationClient } from '@citation-stream/client';

/** The page's one client: same origin, token kept across reloads. */
export const client = new CitationClient({ token: localStorage.getItem('token') ?? undefined });

export function saveToken(token: string | undefined): void {
  client.token = token;
  if (token) localStorage.setItem('token', token);
  else localStorage.removeItem('token');
}

/** A message for the reader: the server's own message when it sent one. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message || error.code;
  return error instanceof Error ? error.message : String(error);
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
