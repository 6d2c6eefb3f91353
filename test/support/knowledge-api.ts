import { waitFor } from './wait-for.js';

/** The JSON calls a test makes as a client would: envelopes, knowledge bases, documents, indexing. */
export type Envelope<T> = { success: boolean; code?: string; message?: string; data: T };

export function jsonApi(baseUrl: string) {
  const call = async <T>(method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<Envelope<T>> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { Authorization: token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status !== 200) throw new Error(`${method} ${path} answered HTTP ${response.status}`);
    return (await response.json()) as Envelope<T>;
  };

  const createBase = async (token: string, title: string, isPublic: boolean) => {
    const reply = await call<{ id: string; uuid: string }>('POST', '/knowledge-base/saveOrUpdate', token, {
      id: '0',
      title,
      isPublic,
      remark: '',
    });
    if (!reply.success) throw new Error(`could not create a knowledge base: ${JSON.stringify(reply)}`);
    return reply.data;
  };

  /** Uploads each document as a file of its own and waits until all are indexed. */
  const addDocuments = async (token: string, kbUuid: string, documents: Record<string, string>) => {
    for (const [name, content] of Object.entries(documents)) {
      const form = new FormData();
      form.append('file', new Blob([content], { type: 'text/plain' }), name);
      const response = await fetch(`${baseUrl}/knowledge-base/upload/${kbUuid}?indexAfterUpload=true`, {
        method: 'POST',
        headers: { Authorization: token },
        body: form,
      });
      const reply = (await response.json()) as Envelope<unknown>;
      if (!reply.success) throw new Error(`upload failed: ${JSON.stringify(reply)}`);
    }
    await indexed(baseUrl, token);
  };

  return { call, createBase, addDocuments };
}

/**
 * Resolves once the service says none of the user's documents waits to be indexed. The service announces it by no
 * event: its indexing check is asked until it says so.
 */
export function indexed(baseUrl: string, token: string, timeoutMs = 20_000): Promise<true> {
  return waitFor(
    async () => {
      const response = await fetch(`${baseUrl}/knowledge-base/indexing/check`, { headers: { Authorization: token } });
      return ((await response.json()) as Envelope<boolean>).data === true;
    },
    { what: 'indexing to finish', timeoutMs },
  );
}
