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
    for (let i = 0; i < 400; i++) {
      if ((await call<boolean>('GET', '/knowledge-base/indexing/check', token)).data) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('indexing did not finish');
  };

  return { call, createBase, addDocuments };
}
