/**
 * `/health` latency while the service does heavy work, in a child process running the built service:
 *  (a) a document at the upload limit, varied prose (bench/varied-prose.ts), is uploaded and indexed;
 *  (b) 200 concurrent logins with a wrong password.
 * Run on the PostgreSQL server (BENCH_DATABASE_SERVER) and on the embedded database. Prints p50, p99 and max
 * of /health probes, each on a fresh connection from a process of its own, sent 10 ms apart during each phase,
 * and how long the phase took; for the logins also the CPU time of the service's main thread, whose event loop
 * answers the probes. The service is started by scripts/start-service.sh, as `npm start` starts it.
 * For the embedded database also its resident memory: right after the first start on an empty DATA_DIR, and
 * after a minute without requests (BENCH_QUICK=1: 5 s), with what it is made of.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { get } from 'node:http';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { MAX_UPLOAD_BYTES } from '../src/knowledge/knowledge.schemas.js';
import { benchDatabase } from './bench-database.js';
import { memoryMadeOf, rssMiB } from './process-memory.js';
import { variedProse } from './varied-prose.js';

const ADMIN_EMAIL = 'admin@example.test';
const ADMIN_PASSWORD = 'bench-admin-password';
const FLOOD = 200;
const IDLE_MS = process.env.BENCH_QUICK ? 5_000 : 60_000;
/** `BENCH_HEALTH_UPLOAD=0` skips the upload phase: the logins' figures alone, in a few minutes. */
const SKIP_UPLOAD = process.env.BENCH_HEALTH_UPLOAD === '0';
/**
 * `BENCH_HEALTH_LOGIN_ROUNDS=n`: n more floods after the measured one, every attempt of them throttled and the
 * code warm; their main thread's CPU time (median) is what a refusal costs once the service has run a while.
 */
const LOGIN_ROUNDS = Number(process.env.BENCH_HEALTH_LOGIN_ROUNDS ?? 0);

async function startService(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  // Started as `npm start` and the Dockerfile start it, with the same memory settings; the script execs node, so
  // the child's pid is the service's.
  const child = spawn('sh', ['scripts/start-service.sh'], {
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
  // The logs are read to the end: a pipe nobody reads fills up, and then the service's writes to it block.
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      const found = /"listening".*?(http:\/\/[^"]+)/.exec(line)?.[1];
      if (found) resolve(found.replace('[::1]', '127.0.0.1'));
    });
    child.once('exit', () => reject(new Error('the service did not start')));
  });
  return { url, child };
}

/**
 * CPU time of a process's main thread (the one whose event loop answers HTTP and /health), in ms, from
 * /proc/<pid>/task/<pid>/stat: user and system time, in clock ticks of 10 ms. The hashing threads and the
 * embedded database's thread are left out, so that it says what the requests cost the event loop.
 */
function mainThreadCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One GET /health on a connection of its own, as a load balancer's probe; resolves when the body is read. */
function probeHealth(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    get(`${url}/health`, { agent: false }, (response) => {
      response.resume().once('end', resolve).once('error', reject);
    }).once('error', reject);
  });
}

/**
 * This file run as `--probe <url>`: probes /health every 10 ms until its parent says stop, then sends the
 * latencies. The prober is a process of its own, as a load balancer is: in the process that also sends the load
 * and reads its replies, a probe's time would count that process's own work too.
 */
async function probeUntilStopped(url: string): Promise<void> {
  const latencies: number[] = [];
  let running = true;
  process.once('message', () => (running = false));
  process.send!('probing');
  while (running) {
    const start = performance.now();
    await probeHealth(url);
    latencies.push(performance.now() - start);
    await sleep(10);
  }
  process.send!(latencies, () => process.disconnect());
}

/** Probes /health every 10 ms, from a process of its own, until `work` ends; returns the latencies in ms. */
async function healthDuring(url: string, work: () => Promise<void>): Promise<{ latencies: number[]; ms: number }> {
  const prober = fork(fileURLToPath(import.meta.url), ['--probe', url]);
  await once(prober, 'message');
  const start = performance.now();
  await work();
  const ms = performance.now() - start;
  const replied = once(prober, 'message') as Promise<[number[]]>;
  prober.send('stop');
  const [latencies] = await replied;
  return { latencies, ms };
}

/** Prints the phase's figures; returns its /health p99 in ms. */
function report(label: string, { latencies, ms }: { latencies: number[]; ms: number }): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  process.stdout.write(
    `${label.padEnd(52)} /health p50 ${at(0.5).toFixed(1)} ms  p99 ${at(0.99).toFixed(1)} ms  max ${sorted.at(-1)?.toFixed(1)} ms  (${sorted.length} probes, phase ${(ms / 1000).toFixed(1)} s)\n`,
  );
  return Math.round(at(0.99));
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

interface Figures {
  uploadHealthP99Ms: number;
  loginHealthP99Ms: number;
  loginMainThreadCpuMs: number;
}

/** Resident memory right after the first start and after IDLE_MS without requests, with what it is made of. */
async function memoryFigures(pid: number): Promise<Record<string, number>> {
  const firstBoot = await rssMiB(pid);
  const firstBootMadeOf = await memoryMadeOf(pid);
  await sleep(IDLE_MS);
  const idle = await rssMiB(pid);
  process.stdout.write(`    RSS after the first start ${firstBoot} MiB: ${JSON.stringify(firstBootMadeOf)}\n`);
  process.stdout.write(
    `    RSS after ${IDLE_MS / 1000} s idle ${idle} MiB: ${JSON.stringify(await memoryMadeOf(pid))}\n`,
  );
  return { embeddedRssFirstBootMiB: firstBoot, embeddedRssIdleMiB: idle };
}

/** {@link LOGIN_ROUNDS} floods of refused logins; the median CPU time of the main thread for one, printed each. */
async function warmRefusalsCpuMs(url: string, pid: number): Promise<number> {
  const rounds: number[] = [];
  for (let i = 0; i < LOGIN_ROUNDS; i++) {
    const before = mainThreadCpuMs(pid);
    await Promise.all(
      Array.from({ length: FLOOD }, () => post(url, '/auth/login', '', { email: ADMIN_EMAIL, password: 'wrong' })),
    );
    rounds.push(mainThreadCpuMs(pid) - before);
  }
  const median = [...rounds].sort((a, b) => a - b)[Math.floor(rounds.length / 2)]!;
  process.stdout.write(
    `    ${LOGIN_ROUNDS} more floods, all refused: main thread ${rounds.join(', ')} ms (median ${median})\n`,
  );
  return median;
}

async function run(
  label: string,
  env: Record<string, string>,
  measureMemory = false,
): Promise<Figures & Record<string, number>> {
  const { url, child } = await startService(env);
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) process.stdout.write(`    the service exited during the run: code ${code}, signal ${signal}\n`);
  });
  try {
    const memory = measureMemory ? await memoryFigures(child.pid!) : {};
    const login = await post(url, '/auth/login', '', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const token = (login.data as { token: string }).token;
    const base = (await post(url, '/knowledge-base/saveOrUpdate', token, { id: '0', title: 'bench' })).data as {
      uuid: string;
    };
    const document = variedProse(MAX_UPLOAD_BYTES);
    const uploadHealthP99Ms = SKIP_UPLOAD
      ? NaN
      : report(
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
    const cpuBefore = mainThreadCpuMs(child.pid!);
    const loginHealthP99Ms = report(
      `${label}: ${FLOOD} concurrent wrong-password logins`,
      await healthDuring(url, async () => {
        const replies = await Promise.all(
          Array.from({ length: FLOOD }, () => post(url, '/auth/login', '', { email: ADMIN_EMAIL, password: 'wrong' })),
        );
        for (const reply of replies) codes.set(reply.code ?? 'ok', (codes.get(reply.code ?? 'ok') ?? 0) + 1);
      }),
    );
    const loginMainThreadCpuMs = mainThreadCpuMs(child.pid!) - cpuBefore;
    process.stdout.write(`${' '.repeat(4)}login replies: ${JSON.stringify(Object.fromEntries(codes))}\n`);
    process.stdout.write(
      `    the service's main thread ran ${loginMainThreadCpuMs} ms during the logins (${((loginMainThreadCpuMs * 1000) / FLOOD).toFixed(0)} µs an attempt)\n`,
    );
    if (measureMemory) process.stdout.write(`    RSS after the load ${await rssMiB(child.pid!)} MiB\n`);
    const warm: Record<string, number> =
      LOGIN_ROUNDS > 0 ? { loginWarmMainThreadCpuMs: await warmRefusalsCpuMs(url, child.pid!) } : {};
    return { uploadHealthP99Ms, loginHealthP99Ms, loginMainThreadCpuMs, ...warm, ...memory };
  } finally {
    stopping = true;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/**
 * `BENCH_HEALTH_DATABASES=embedded` (or `server`) runs one of the two. The last line is one JSON object: the
 * embedded default's figures, and the server's prefixed `server`.
 */
async function main(): Promise<void> {
  const only = process.env.BENCH_HEALTH_DATABASES;
  const database = await benchDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'citation-bench-'));
  const all: Record<string, number> = {};
  try {
    if (only !== 'embedded') {
      const figures = await run('PostgreSQL server', { DATABASE_URL: database.url });
      process.stdout.write(`server: ${JSON.stringify(figures)}\n`);
      all.serverUploadHealthP99Ms = figures.uploadHealthP99Ms;
      all.serverLoginHealthP99Ms = figures.loginHealthP99Ms;
      all.serverLoginMainThreadCpuMs = figures.loginMainThreadCpuMs;
      if (figures.loginWarmMainThreadCpuMs !== undefined)
        all.serverLoginWarmMainThreadCpuMs = figures.loginWarmMainThreadCpuMs;
    }
    if (only !== 'server') {
      const figures = await run('embedded PGlite', { DATA_DIR: dataDir }, true);
      process.stdout.write(`embedded: ${JSON.stringify(figures)}\n`);
      Object.assign(all, figures);
    }
    process.stdout.write(`${JSON.stringify(all)}\n`);
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--probe') await probeUntilStopped(process.argv[3]!);
else await main();
