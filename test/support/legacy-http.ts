/** A legacy JSON reply. */
export interface Envelope<T> {
  success: boolean;
  code?: string;
  message?: string;
  data: T;
}

/** Calls a JSON endpoint as the stock frontend does (raw token in `Authorization`) and reads the reply. */
export async function call<T>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(options.token ? { Authorization: options.token } : {}),
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as Envelope<T> };
}
