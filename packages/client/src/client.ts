import { AnswerStream, type AnswerStreamOptions } from './answer-stream.js';
import type { AnswerState } from './state.js';
import type { CitationView } from './types.js';

/** A JSON call answered with `success:false`, or an HTTP error. `code` is the server's stable code. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ClientOptions {
  /** The service's root URL; empty for the page's own origin. */
  baseUrl?: string;
  token?: string;
  fetch?: typeof fetch;
}

export interface AskParams {
  conversationUuid: string;
  prompt: string;
  modelName?: string;
  regenerateQuestionUuid?: string;
}

export interface Conversation {
  id: string;
  uuid: string;
  title: string;
  kbIds: string[];
  convKnowledgeList: { id: string; uuid: string; title: string }[];
  createTime: string;
  updateTime: string;
}

export interface KnowledgeBase {
  id: string;
  uuid: string;
  title: string;
  remark?: string;
  isPublic: boolean;
  ownerUuid: string;
  itemCount: number;
  embeddingCount: number;
}

export interface KnowledgeItem {
  id: string;
  uuid: string;
  kbUuid: string;
  title: string;
  embeddingStatus: string;
  sourceFileName?: string;
}

export interface HistoryMessage {
  uuid: string;
  remark: string;
  messageRole: number;
  createTime: string;
  children?: HistoryMessage[];
  answerStatus?: string;
}

interface Page<T> {
  total: number;
  records: T[];
}

/**
 * The service's HTTP API for a browser or Node 20: login, conversations, knowledge bases, and answers as
 * {@link AnswerStream}s that resume by themselves.
 */
export class CitationClient {
  token: string | undefined;
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  constructor(options: ClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
    this.token = options.token;
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async login(email: string, password: string): Promise<string> {
    const data = await this.call<{ token: string }>('POST', '/auth/login', { email, password });
    this.token = data.token;
    return data.token;
  }

  /**
   * Creates an account where the server allows it; resolves with the server's message (which may ask for an
   * activation step before the first login). Servers that skip captchas accept any captcha id.
   */
  register(email: string, password: string): Promise<string> {
    const captchaId = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
    return this.call<string>('POST', '/auth/register', { email, password, captchaId, captchaCode: '' });
  }

  listConversations(): Promise<Conversation[]> {
    return this.call('GET', '/conversation/list');
  }

  addConversation(title: string, kbIds: string[] = []): Promise<Conversation> {
    return this.call('POST', '/conversation/add', { title, kbIds });
  }

  /** Attaches exactly these knowledge bases (by id) to the conversation. */
  async setKnowledgeBases(conversationUuid: string, kbIds: string[]): Promise<void> {
    await this.call('POST', `/conversation/edit/${conversationUuid}`, { kbIds });
  }

  async deleteConversation(uuid: string): Promise<void> {
    await this.call('POST', `/conversation/del/${uuid}`);
  }

  /**
   * The newest questions of a conversation, newest first, each with its answers; with `beforeQuestionUuid`, the
   * page of questions older than that one.
   */
  async history(conversationUuid: string, pageSize = 20, beforeQuestionUuid = ''): Promise<HistoryMessage[]> {
    const data = await this.call<{ msgList: HistoryMessage[] }>(
      'GET',
      `/conversation/${conversationUuid}?maxMsgUuid=${beforeQuestionUuid}&pageSize=${pageSize}`,
    );
    return data.msgList;
  }

  /** The stored paragraphs and sources of an answer, as its stream carried them. */
  citationView(answerUuid: string): Promise<CitationView> {
    return this.call('GET', `/conversation/message/citation/${answerUuid}`);
  }

  /** The citation views of several answers (at most 100) in one call, by answer uuid; unknown ones are left out. */
  async citationViews(answerUuids: readonly string[]): Promise<Record<string, CitationView>> {
    if (answerUuids.length === 0) return {};
    return this.call('GET', `/conversation/message/citations?answerUuids=${answerUuids.join(',')}`);
  }

  /** The caller's knowledge bases, and others' public ones. */
  async knowledgeBases(): Promise<KnowledgeBase[]> {
    const page = await this.call<Page<KnowledgeBase>>(
      'GET',
      '/knowledge-base/mine/search?includeOthersPublic=true&pageSize=100',
    );
    return page.records;
  }

  createKnowledgeBase(title: string, isPublic = false): Promise<KnowledgeBase> {
    return this.call('POST', '/knowledge-base/saveOrUpdate', { title, isPublic });
  }

  async deleteKnowledgeBase(uuid: string): Promise<void> {
    await this.call('POST', `/knowledge-base/del/${uuid}`);
  }

  async knowledgeItems(kbUuid: string): Promise<KnowledgeItem[]> {
    const page = await this.call<Page<KnowledgeItem>>(
      'GET',
      `/knowledge-base-item/search?kbUuid=${kbUuid}&pageSize=100`,
    );
    return page.records;
  }

  /** Uploads a .txt or .md document and starts indexing it. */
  async upload(kbUuid: string, file: Blob, fileName: string): Promise<KnowledgeItem> {
    const form = new FormData();
    form.append('file', file, fileName);
    const data = await this.call<{ item: KnowledgeItem }>(
      'POST',
      `/knowledge-base/upload/${kbUuid}?indexAfterUpload=true`,
      form,
    );
    return data.item;
  }

  /** True once none of the caller's indexing jobs is running. */
  indexingDone(): Promise<boolean> {
    return this.call('GET', '/knowledge-base/indexing/check');
  }

  /**
   * Asks a question. The stream carries the citation events and is resumable: a dropped connection comes
   * back with `Last-Event-ID` while the server keeps writing the answer.
   */
  ask(params: AskParams, options: Omit<AnswerStreamOptions, 'from'> = {}): AnswerStream {
    const body = JSON.stringify({ ...params, citationEvents: true, resumable: true });
    return new AnswerStream(
      (signal, from) =>
        from
          ? this.openResume(from.answerUuid, from.lastEventId, signal)
          : this.fetchImpl(this.url('/conversation/message/process'), {
              method: 'POST',
              headers: this.headers({ 'Content-Type': 'application/json', Accept: 'text/event-stream' }),
              body,
              signal,
            }),
      { stop: (uuid) => this.stop(uuid), ...options },
    );
  }

  /** Follows an answer from the event after `state.lastEventId` (all of it without one), e.g. after a reload. */
  resume(state: AnswerState & { answerUuid: string }, options: Omit<AnswerStreamOptions, 'from'> = {}): AnswerStream {
    return new AnswerStream((signal, from) => this.openResume(from!.answerUuid, from!.lastEventId, signal), {
      stop: (uuid) => this.stop(uuid),
      ...options,
      from: state,
    });
  }

  /** Stops an answer being written; true when the server stopped it. */
  async stop(answerUuid: string): Promise<boolean> {
    return this.call<boolean>('POST', `/conversation/message/stop/${answerUuid}`);
  }

  private openResume(answerUuid: string, lastEventId: number, signal: AbortSignal): Promise<Response> {
    return this.fetchImpl(this.url(`/conversation/message/stream/${answerUuid}`), {
      headers: this.headers({ Accept: 'text/event-stream', 'Last-Event-ID': String(lastEventId) }),
      signal,
    });
  }

  /** One JSON call; unwraps the `{success,data}` envelope or throws {@link ApiError}. */
  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    const response = await this.fetchImpl(this.url(path), {
      method,
      headers: this.headers(body === undefined || isForm ? {} : { 'Content-Type': 'application/json' }),
      ...(body === undefined ? {} : { body: isForm ? body : JSON.stringify(body) }),
    });
    if (response.status === 401) throw new ApiError('UNAUTHORIZED', 'Log in: the token is missing or expired.', 401);
    const text = await response.text();
    let envelope: { success?: boolean; data?: T; code?: string; message?: string };
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      throw new ApiError(`HTTP_${response.status}`, text.slice(0, 200) || response.statusText, response.status);
    }
    if (!response.ok || envelope.success !== true) {
      throw new ApiError(
        envelope.code ?? `HTTP_${response.status}`,
        envelope.message ?? response.statusText,
        response.status,
      );
    }
    return envelope.data as T;
  }

  private url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  private headers(extra: Record<string, string>): Record<string, string> {
    return { ...extra, ...(this.token ? { Authorization: this.token } : {}) };
  }
}
