/**
 * Load with faults: two instances of the built service on a PostgreSQL server of the benchmark's own (initdb into
 * a temporary directory, a free port) and the shared Redis (a database index of its own), a model at 20 tokens a
 * second, and users asking one question after another, some of them resumable clients that drop and come back on
 * the other instance with `Last-Event-ID`. Meanwhile the model hangs, then answers HTTP 500, then the database is
 * stopped (`pg_ctl -m immediate`) and started again, then one instance is killed with SIGKILL and restarted. At the
 * end every answer a client was shown is checked against the database and against its replay; the result is one
 * JSON line of counts, all of which should be 0 but `answers`.
 *
 * Options: BENCH_FAULTS_USERS (60), BENCH_FAULTS_SECONDS (45: the time users ask; the faults are placed within
 * it), BENCH_FAULTS_RESUMABLE (0.3: the share of users whose client drops and resumes), BENCH_FAULTS_REDIS_URL
 * (redis://127.0.0.1:6379/14).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createParser } from 'eventsource-parser';
import pg from 'pg';
import { freePort, PostgresInstance } from '../test/support/postgres-instance.js';
import { FaultyModel } from './faults-model.js';

const USERS = wholeNumber('BENCH_FAULTS_USERS', 60);
const SECONDS = wholeNumber('BENCH_FAULTS_SECONDS', 45);
const RESUMABLE_SHARE = Number(process.env.BENCH_FAULTS_RESUMABLE ?? 0.3);
const REDIS_URL = process.env.BENCH_FAULTS_REDIS_URL ?? 'redis://127.0.0.1:6379/14';
/** A follower that waits this long for an event of a live answer is stalled. */
const STALL_MS = 12_000;
const PASSWORD = 'faults-Bench-password-1';
const ADMIN = { email: 'admin@faults.example', password: 'faults-admin-password' };

function wholeNumber(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1`);
  return value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(1);

interface Event {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

/** One answer as its client saw it, over every connection it took. */
interface Answer {
  uuid: string;
  token: string;
  writer: Instance;
  startedAt: number;
  events: Event[];
  /** For each event, the connection that brought it (instance and kind), to tell a failure's story. */
  via: string[];
  ended: boolean;
  resumes: number;
  duplicates: number;
  stalled: boolean;
  /** Where the longest wait of a follower was: instance, seconds, and the events either side. */
  stall?: string;
}

const counts = {
  http500s: 0,
  unavailable503s: 0,
  refusedBeforeStart: 0,
  networkErrors: 0,
};

/** One instance of the service, as `npm start` runs it, on a port of its own that it keeps across restarts. */
class Instance {
  child: ChildProcess | undefined;
  up = false;
  killedAt: number | undefined;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly logFile: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const log = createWriteStream(this.logFile, { flags: 'a' });
    this.child = spawn(process.execPath, ['dist/src/main.js'], {
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1', LOG_FORMAT: 'json' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.pipe(log);
    this.child.stderr!.pipe(log);
    const exited = new Promise<never>((_, reject) =>
      this.child!.once('exit', (code) => reject(new Error(`${this.name} exited (${code}); see ${this.logFile}`))),
    );
    exited.catch(() => undefined);
    for (;;) {
      const listening = await fetch(`${this.url}/health`).then(
        () => true,
        () => false,
      );
      if (listening) break;
      await Promise.race([sleep(200), exited]);
    }
    this.up = true;
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    this.up = false;
    if (signal === 'SIGKILL') this.killedAt = Date.now();
    const child = this.child!;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exit = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exit;
  }
}

let instances: Instance[] = [];

/** The instance after `from` that is up (the other one, unless it is down). */
function other(from: Instance): Instance {
  const next = instances[(instances.indexOf(from) + 1) % instances.length]!;
  return next.up ? next : from;
}

/** fetch, counting the statuses that must not happen; undefined when the instance could not be reached. */
async function call(url: string, init: RequestInit): Promise<Response | undefined> {
  try {
    const response = await fetch(url, init);
    if (response.status === 500) counts.http500s++;
    if (response.status === 503) counts.unavailable503s++;
    return response;
  } catch {
    counts.networkErrors++;
    return undefined;
  }
}

async function json<T>(url: string, init: RequestInit): Promise<T> {
  const response = await call(url, { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });
  const body = (await response?.json()) as { success?: boolean; data?: T } | undefined;
  if (!response?.ok || body?.success === false) throw new Error(`${url}: ${response?.status} ${JSON.stringify(body)}`);
  return body!.data as T;
}

/**
 * Reads an SSE response, handing each event to `onEvent` as it comes; resolves when the stream ends (whole, cut
 * or aborted).
 */
async function readEvents(response: Response, onEvent: (event: Event) => void): Promise<void> {
  const parser = createParser({ onEvent: ({ id, event, data }) => onEvent({ id, event, data }) });
  const decoder = new TextDecoder();
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      parser.feed(decoder.decode(chunk, { stream: true }));
    }
  } catch {
    // Cut by a killed instance, or dropped on purpose: what came before is what the client saw.
  }
}

const isEnd = (event: Event) => event.event === '[DONE]' || event.event === '[ERROR]';
const lastId = (answer: Answer) => Number(answer.events.findLast((event) => event.id !== undefined)?.id ?? 0);

/** The text the answer row keeps: every unnamed event, a leading `-_wrap_-` read as a line break. */
function shownText(events: readonly Event[]): string {
  return events
    .filter((event) => event.event === undefined)
    .map((event) => (event.data.startsWith('-_wrap_-') ? `\n${event.data.slice(8)}` : event.data))
    .join('');
}

interface User {
  token: string;
  conversationUuid: string;
  resumable: boolean;
  citationEvents: boolean;
}

const answers: Answer[] = [];
/** When the questions began. */
let begunAt = Date.now();

/** One question of `user` on `instance`, followed to its end (resumed on the other instance when cut). */
async function askOnce(user: User, instance: Instance, index: number): Promise<void> {
  const abort = new AbortController();
  const response = await call(`${instance.url}/conversation/message/process`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: user.token,
      ...(user.citationEvents ? { 'X-Citation-Events': 'paragraph' } : {}),
    },
    body: JSON.stringify({
      conversationUuid: user.conversationUuid,
      prompt: `Question ${index}: how is an answer kept?`,
      resumable: user.resumable,
    }),
    signal: abort.signal,
  });
  if (!response) return void (await sleep(300));
  if (response.status !== 200) {
    await response.body?.cancel();
    counts.refusedBeforeStart++;
    return void (await sleep(300));
  }
  const answer: Answer = {
    uuid: response.headers.get('x-answer-uuid') ?? '',
    token: user.token,
    writer: instance,
    startedAt: Date.now(),
    events: [],
    via: [],
    ended: false,
    resumes: 0,
    duplicates: 0,
    stalled: false,
  };
  let started = false;
  let refusal: Event | undefined;
  // A resumable client drops once, 1.5–4 s into its answer, and comes back on the other instance.
  const drop = user.resumable ? setTimeout(() => abort.abort(), 1500 + Math.random() * 2500) : undefined;
  await readEvents(response, (event) => {
    if (!started) {
      started = event.event === '[START]';
      if (!started) {
        refusal = event;
        return;
      }
    }
    if (event.event === '[ERROR]' && event.data.startsWith('INTERNAL_ERROR')) counts.http500s++;
    answer.events.push(event);
    answer.via.push(`${instance.name} ask ${seconds(Date.now() - begunAt)}`);
    if (isEnd(event)) answer.ended = true;
  });
  clearTimeout(drop);
  if (!started) {
    if (refusal?.data.startsWith('INTERNAL_ERROR')) counts.http500s++;
    counts.refusedBeforeStart++;
    return void (await sleep(300));
  }
  answers.push(answer);
  if (!answer.ended) await follow(answer, instance);
}

/** Resumes the answer on the other instance from the last event seen, until its end. */
async function follow(answer: Answer, from: Instance): Promise<void> {
  let instance = from;
  for (let attempt = 0; attempt < 60 && !answer.ended; attempt++) {
    instance = other(instance);
    await sleep(attempt === 0 ? 300 + Math.random() * 700 : 500);
    const after = lastId(answer);
    const response = await call(`${instance.url}/conversation/message/stream/${answer.uuid}`, {
      headers: { Authorization: answer.token, ...(after > 0 ? { 'Last-Event-ID': String(after) } : {}) },
    });
    if (!response) continue;
    if (response.status !== 200) {
      await response.body?.cancel();
      continue;
    }
    answer.resumes++;
    let previous = Date.now();
    const gap = () => {
      const now = Date.now();
      const killed = answer.writer.killedAt;
      // A writer killed meanwhile is no live answer: its followers wait for its lease to run out.
      if (now - previous >= STALL_MS && !(killed !== undefined && killed >= answer.startedAt && killed <= now)) {
        answer.stalled = true;
        answer.stall = `on ${instance.name} from ${seconds(previous - begunAt)} s to ${seconds(now - begunAt)} s after event ${lastId(answer)}`;
      }
      previous = now;
    };
    await readEvents(response, (event) => {
      gap();
      // The database away, a resume that cannot find the answer gets STORAGE_FAILED alone: not the answer's end.
      if (event.event === '[ERROR]' && event.data.startsWith('STORAGE_FAILED')) return;
      if (event.event === '[ERROR]' && event.data.startsWith('INTERNAL_ERROR')) counts.http500s++;
      if (event.id !== undefined && Number(event.id) <= lastId(answer)) {
        answer.duplicates++;
        return;
      }
      answer.events.push(event);
      answer.via.push(`${instance.name} resume ${answer.resumes} ${seconds(Date.now() - begunAt)}`);
      if (isEnd(event)) answer.ended = true;
    });
    if (!answer.ended) gap();
  }
}

async function userLoop(user: User, userIndex: number, until: number): Promise<void> {
  for (let question = 0; Date.now() < until; question++) {
    const preferred = instances[(userIndex + question) % instances.length]!;
    await askOnce(user, preferred.up ? preferred : other(preferred), question);
  }
}

async function createUsers(instance: Instance): Promise<User[]> {
  const stamp = Date.now();
  const create = async (i: number): Promise<User> => {
    const email = `faults-${stamp}-${i}@faults.example`;
    const post = (path: string, body: unknown, token?: string) =>
      json(`${instance.url}${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
        ...(token ? { headers: { Authorization: token } } : {}),
      });
    await post('/auth/register', { email, password: PASSWORD });
    const { token } = (await post('/auth/login', { email, password: PASSWORD })) as { token: string };
    const conversation = (await post('/conversation/add', { title: 'faults' }, token)) as { uuid: string };
    return {
      token,
      conversationUuid: conversation.uuid,
      resumable: i < Math.round(USERS * RESUMABLE_SHARE),
      citationEvents: i % 2 === 0,
    };
  };
  // A few at a time: each registration and login hashes a password.
  const users: User[] = [];
  for (let i = 0; i < USERS; i += 6) {
    users.push(...(await Promise.all(Array.from({ length: Math.min(6, USERS - i) }, (_, j) => create(i + j)))));
  }
  return users;
}

/** The replay of an answer from its first event, from an instance that is up. */
async function replay(answer: Answer): Promise<Event[]> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const instance = instances.find((candidate) => candidate.up)!;
    const response = await call(`${instance.url}/conversation/message/stream/${answer.uuid}`, {
      headers: { Authorization: answer.token },
    });
    if (response?.status === 200) {
      const events: Event[] = [];
      await readEvents(response, (event) => events.push(event));
      return events;
    }
    await response?.body?.cancel();
    await sleep(500);
  }
  throw new Error(`no replay of ${answer.uuid}`);
}

const same = (one: Event, other: Event) => one.id === other.id && one.event === other.event && one.data === other.data;

async function main(): Promise<void> {
  const started = Date.now();
  let counted: number | undefined;
  const directory = await mkdtemp(join(tmpdir(), 'bench-faults-'));
  const postgres = await PostgresInstance.create();
  const model = new FaultyModel();
  await model.start();
  const env = (name: string): Record<string, string> => ({
    DATABASE_URL: postgres.url,
    REDIS_URL,
    OPENAI_BASE_URL: model.baseUrl,
    OPENAI_MAX_RETRIES: '0',
    OPENAI_TIMEOUT_MS: '8000',
    MODEL_IDLE_TIMEOUT_MS: '8000',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ASK_RATE_LIMIT_PER_MINUTE: '100000',
    ASK_REPAIR_RETRY: 'false',
    REGISTER_LIMIT_PER_ADDRESS: '100000',
    LOGIN_LIMIT_PER_ADDRESS: '100000',
    SAMPLE_KNOWLEDGE_BASE: 'false',
    SSE_HEARTBEAT_MS: '3000',
    JOURNAL_SPILL_DIR: join(directory, `spill-${name}`),
    LOG_LEVEL: 'log',
  });
  instances = await Promise.all(
    ['one', 'two'].map(async (name) => new Instance(name, await freePort(), env(name), join(directory, `${name}.log`))),
  );
  const done = async () => {
    await Promise.all(instances.map((instance) => instance.kill('SIGTERM').catch(() => undefined)));
    await model.stop();
    await postgres.destroy();
  };
  try {
    // The first instance migrates the database alone.
    await instances[0]!.start();
    await instances[1]!.start();
    const users = await createUsers(instances[0]!);
    process.stdout.write(
      `${USERS} users (${users.filter((user) => user.resumable).length} resumable), ${SECONDS} s of questions; ` +
        `logs in ${directory}\n`,
    );

    const begin = Date.now();
    begunAt = begin;
    const at = (fraction: number) => sleep(Math.max(0, begin + fraction * SECONDS * 1000 - Date.now()));
    const note = (what: string) => process.stdout.write(`${seconds(Date.now() - begin).padStart(6)} s  ${what}\n`);
    const clients = Promise.all(users.map((user, i) => userLoop(user, i, begin + SECONDS * 1000)));
    const faults = (async () => {
      await at(0.13);
      model.mood = 'hanging';
      note('the model hangs');
      await at(0.35);
      model.mood = 'failing';
      note('the model answers HTTP 500');
      await at(0.49);
      model.mood = 'answering';
      note('the model answers again');
      await at(0.53);
      await postgres.stop('immediate');
      note('the database stopped (immediate)');
      await sleep(6000);
      await postgres.start();
      note('the database started');
      await at(0.75);
      await instances[1]!.kill('SIGKILL');
      note('instance two killed (SIGKILL)');
      await instances[1]!.start();
      note('instance two listens again');
    })();
    await Promise.all([clients, faults]);
    note(`questions over; ${answers.length} answers`);

    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    try {
      // Answers whose writer died are closed once their lease runs out.
      for (let waited = 0; waited < 60_000; waited += 500) {
        const { rows } = await db.query(`SELECT 1 FROM adi_conversation_message WHERE answer_status = 'streaming'`);
        if (rows.length === 0) break;
        await sleep(500);
      }
      const result = {
        answers: answers.length,
        shownButNotStored: 0,
        storedButDifferent: 0,
        replayDiffersFromLive: 0,
        stalledFollowers: answers.filter((answer) => answer.stalled).length,
        http500s: 0,
        leftStreaming: 0,
        duplicatedEvents: answers.reduce((sum, answer) => sum + answer.duplicates, 0),
        resumes: answers.reduce((sum, answer) => sum + answer.resumes, 0),
        unavailable503s: counts.unavailable503s,
        refusedBeforeStart: counts.refusedBeforeStart,
        ends: {} as Record<string, number>,
        durationSeconds: 0,
        users: USERS,
      };
      const examples: string[] = [];
      const stories: unknown[] = [];
      const example = (kind: string, answer: Answer, detail: unknown) => {
        if (examples.length < 12)
          examples.push(`${kind} ${answer.uuid} (${answer.writer.name}): ${JSON.stringify(detail)}`);
      };
      for (const answer of answers) {
        if (answer.stalled) example('stalledFollower', answer, answer.stall);
        const end = answer.events.findLast(isEnd);
        const endName = end ? (end.event === '[DONE]' ? '[DONE]' : end.data.split(':')[0]!) : 'cut';
        result.ends[endName] = (result.ends[endName] ?? 0) + 1;
        const { rows } = await db.query<{ remark: string; answer_status: string }>(
          `SELECT remark, answer_status FROM adi_conversation_message WHERE uuid = $1`,
          [answer.uuid],
        );
        const row = rows[0];
        const shown = shownText(answer.events);
        if (row?.answer_status === 'streaming') result.leftStreaming++;
        if (!row || !row.remark.startsWith(shown)) {
          result.shownButNotStored++;
          example('shownButNotStored', answer, { shown: shown.slice(-40), stored: row?.remark.slice(-40) });
        } else if (answer.ended && row.remark !== shown) {
          result.storedButDifferent++;
          example('storedButDifferent', answer, { shown: shown.slice(-40), stored: row.remark.slice(-40) });
        }
        const replayed = await replay(answer);
        const live = answer.events;
        const prefix = live.every((event, i) => replayed[i] !== undefined && same(event, replayed[i]));
        if (!prefix || (answer.ended && replayed.length !== live.length)) {
          result.replayDiffersFromLive++;
          stories.push({
            uuid: answer.uuid,
            writer: answer.writer.name,
            startedAt: seconds(answer.startedAt - begunAt),
            live: live.map((event, i) => `${event.id ?? '-'} ${event.event ?? ''} ${answer.via[i]}`),
            replayed: replayed.map((event) => `${event.id ?? '-'} ${event.event ?? ''}`),
          });
          const at = live.findIndex((event, i) => replayed[i] === undefined || !same(event, replayed[i]));
          example('replayDiffersFromLive', answer, {
            live: live.slice(Math.max(0, at - 1), at + 2),
            replayed: replayed.slice(Math.max(0, at - 1), at + 2),
            lengths: [live.length, replayed.length],
          });
        }
      }
      result.http500s = counts.http500s;
      result.durationSeconds = Math.round((Date.now() - started) / 1000);
      for (const line of examples) process.stderr.write(`${line}\n`);
      if (stories.length > 0) await writeFile(join(directory, 'stories.json'), JSON.stringify(stories, null, 1));
      process.stdout.write(`${JSON.stringify(result)}\n`);
      counted =
        result.shownButNotStored +
        result.storedButDifferent +
        result.replayDiffersFromLive +
        result.stalledFollowers +
        result.http500s +
        result.leftStreaming;
    } finally {
      await db.end();
    }
  } finally {
    await done();
  }
  // The instances' logs are kept when a count is not 0.
  if (counted === 0) await rm(directory, { recursive: true, force: true });
}

await main();
