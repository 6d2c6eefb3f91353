/**
 * `/health` latency while the service does heavy work, in a child process running the built service:
 *  (a) a document at the upload limit is uploaded and indexed;
 *  (b) 200 concurrent logins with a wrong password.
 * Run on the PostgreSQL server (BENCH_DATABASE_SERVER) and on the embedded database. Prints p50, p99 and max
 * of /health probes sent every 10 ms during each phase, and how long the phase took.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { MAX_UPLOAD_BYTES } from '../src/knowledge/knowledge.schemas.js';
import { largeDocument } from '../test/support/large-document.js';
import { benchDatabase } from './bench-database.js';

const ADMIN_EMAIL = 'admin@example.test';
const ADMIN_PASSWORD = 'bench-admin-password';
const FLOOD = 200;

async function startService(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['dist/src/main.js'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'log',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      SAMPLE_KNOWLEDGE_BASE: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for await (const line of createInterface({ input: child.stdout })) {
    const url = /"listening".*?(http:\/\/[^"]+)/.exec(line)?.[1];
    if (url) return { url: url.replace('[::1]', '127.0.0.1'), child };
  }
  throw new Error('the service did not start');
}

/** Probes /health every 10 ms until `work` ends; returns the latencies in ms. */
async function healthDuring(url: string, work: () => Promise<void>): Promise<{ latencies: number[]; ms: number }> {
  const latencies: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const start = performance.now();
      await (await fetch(`${url}/health`)).text();
      latencies.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const start = performance.now();
  await work();
  const ms = performance.now() - start;
  running = false;
  await probe;
  return { latencies, ms };
}

function report(label: string, { latencies, ms }: { latencies: number[]; ms: number }): void {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  process.stdout.write(
    `${label.padEnd(52)} /health p50 ${at(0.5).toFixed(1)} ms  p99 ${at(0.99).toFixed(1)} ms  max ${sorted.at(-1)?.toFixed(1)} ms  (${sorted.length} probes, phase ${(ms / 1000).toFixed(1)} s)\n`,
  );
}

async function post(
  url: string,
  path: string,
  token: string,
  body: unknown,
): Promise<{ data: unknown; code?: string }> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { data: unknown; code?: string };
}

async function run(label: string, env: Record<string, string>): Promise<void> {
  const { url, child } = await startService(env);
  try {
    const login = await post(url, '/auth/login', '', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const token = (login.data as { token: string }).token;
    const base = (await post(url, '/knowledge-base/saveOrUpdate', token, { id: '0', title: 'bench' })).data as {
      uuid: string;
    };
    const document = largeDocument(MAX_UPLOAD_BYTES);
    report(
      `${label}: upload + index ${(Buffer.byteLength(document) / 1048576).toFixed(1)} MB`,
      await healthDuring(url, async () => {
        const form = new FormData();
        form.append('file', new Blob([document], { type: 'text/plain' }), 'bench.txt');
        await fetch(`${url}/knowledge-base/upload/${base.uuid}?indexAfterUpload=true`, {
          method: 'POST',
          headers: { Authorization: token },
          body: form,
        });
        for (;;) {
          const check = await fetch(`${url}/knowledge-base/indexing/check`, { headers: { Authorization: token } });
          if (((await check.json()) as { data: boolean }).data) return;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }),
    );
    const codes = new Map<string, number>();
    report(
      `${label}: ${FLOOD} concurrent wrong-password logins`,
      await healthDuring(url, async () => {
        const replies = await Promise.all(
          Array.from({ length: FLOOD }, () => post(url, '/auth/login', '', { email: ADMIN_EMAIL, password: 'wrong' })),
        );
        for (const reply of replies) codes.set(reply.code ?? 'ok', (codes.get(reply.code ?? 'ok') ?? 0) + 1);
      }),
    );
    process.stdout.write(`${' '.repeat(4)}login replies: ${JSON.stringify(Object.fromEntries(codes))}\n`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/** `BENCH_HEALTH_DATABASES=embedded` (or `server`) runs one of the two. */
const only = process.env.BENCH_HEALTH_DATABASES;
const database = await benchDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'citation-bench-'));
try {
  if (only !== 'embedded') await run('PostgreSQL server', { DATABASE_URL: database.url });
  if (only !== 'server') await run('embedded PGlite', { DATA_DIR: dataDir });
} finally {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
