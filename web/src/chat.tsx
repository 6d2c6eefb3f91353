import { useEffect, useRef, useState } from 'preact/hooks';
import {
  isFinished,
  type AnswerState,
  type AnswerStream,
  type CitationView,
  type Conversation,
  type HistoryMessage,
  type KnowledgeBase,
} from '@citation-stream/client';
import { AnswerView } from './answer.js';
import { useBottomFollower } from './bottom-follower.js';
import { client, isUnauthorized, messageOf } from './api.js';
import { t } from './i18n.js';

/** A question and its answer as the page shows them. */
interface Turn {
  key: string;
  prompt: string;
  state: AnswerState;
}

/** The answer being written, kept in sessionStorage so that a reload picks it up where it was. */
interface LiveAnswer {
  conversationUuid: string;
  prompt: string;
  state: AnswerState;
}

const LIVE_KEY = 'liveAnswer';
const CONVERSATION_KEY = 'conversation';

function savedLive(): LiveAnswer | undefined {
  try {
    const raw = sessionStorage.getItem(LIVE_KEY);
    return raw ? (JSON.parse(raw) as LiveAnswer) : undefined;
  } catch {
    return undefined;
  }
}

export function Chat({ onUnauthorized }: { onUnauthorized: () => void }) {
  const [conversations, setConversations] = useState<Conversation[]>([]);
  const [selected, setSelected] = useState<string | undefined>(
    savedLive()?.conversationUuid ?? sessionStorage.getItem(CONVERSATION_KEY) ?? undefined,
  );
  const [error, setError] = useState('');
  const [newTitle, setNewTitle] = useState('');
  // On a narrow screen the list folds away behind a toggle, so that the conversation has the whole width.
  const [listOpen, setListOpen] = useState(false);

  const fail = (failure: unknown) => (isUnauthorized(failure) ? onUnauthorized() : setError(messageOf(failure)));

  // Only the latest list is shown: the list fetched when the page opens may arrive after the one fetched once a new
  // conversation is added, and would drop it.
  const latestReload = useRef(0);
  const reload = async () => {
    const ticket = ++latestReload.current;
    const list = await client.listConversations();
    if (ticket !== latestReload.current) return;
    setConversations(list);
    setSelected((current) => (current && list.some((c) => c.uuid === current) ? current : list[0]?.uuid));
  };
  useEffect(() => {
    reload().catch(fail);
  }, []);
  useEffect(() => {
    if (selected) sessionStorage.setItem(CONVERSATION_KEY, selected);
  }, [selected]);

  const create = async (event: Event) => {
    event.preventDefault();
    const title = newTitle.trim();
    if (!title) return;
    try {
      const created = await client.addConversation(title);
      setNewTitle('');
      await reload();
      setSelected(created.uuid);
    } catch (failure) {
      fail(failure);
    }
  };

  const conversation = conversations.find((c) => c.uuid === selected);
  return (
    <main class="chat">
      <button
        class="sidebar-toggle"
        data-testid="sidebar-toggle"
        aria-expanded={listOpen}
        onClick={() => setListOpen((open) => !open)}
      >
        ☰ {conversation?.title ?? t('conversations')}
      </button>
      <aside class={listOpen ? 'conversations open' : 'conversations'}>
        <h2>{t('conversations')}</h2>
        <ul data-testid="conversations">
          {conversations.map((c) => (
            <li key={c.uuid}>
              <button
                class={c.uuid === selected ? 'item active' : 'item'}
                onClick={() => {
                  setSelected(c.uuid);
                  setListOpen(false);
                }}
              >
                {c.title}
              </button>
            </li>
          ))}
        </ul>
        <form class="inline" onSubmit={(event) => void create(event)}>
          <input
            name="conversationTitle"
            placeholder={t('newConversationTitle')}
            value={newTitle}
            maxLength={45}
            onInput={(event) => setNewTitle(event.currentTarget.value)}
          />
          <button type="submit">{t('newConversation')}</button>
        </form>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
      </aside>
      {conversation && (
        <ConversationView
          key={conversation.uuid}
          conversation={conversation}
          onChanged={() => void reload().catch(fail)}
          onFailure={fail}
        />
      )}
    </main>
  );
}

function ConversationView({
  conversation,
  onChanged,
  onFailure,
}: {
  conversation: Conversation;
  onChanged: () => void;
  onFailure: (failure: unknown) => void;
}) {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [live, setLive] = useState<LiveAnswer | undefined>();
  const [prompt, setPrompt] = useState('');
  /** The oldest question shown, while older ones may be left to load. */
  const [earlierBefore, setEarlierBefore] = useState<string | undefined>();
  const stream = useRef<AnswerStream | undefined>(undefined);
  const follower = useBottomFollower();

  useEffect(() => {
    let cancelled = false;
    const saved = savedLive();
    const resumable = saved?.conversationUuid === conversation.uuid ? saved : undefined;
    void loadHistory(conversation.uuid, resumable?.state)
      .then((page) => {
        if (cancelled) return;
        // An answer that finished while the history loaded stays after it.
        setTurns((current) => [...page.turns, ...current]);
        setEarlierBefore(page.earlierBefore);
        follower.toBottom();
      })
      .catch(onFailure);
    if (resumable) {
      const { answerUuid } = resumable.state;
      if (answerUuid && !isFinished(resumable.state))
        follow(client.resume({ ...resumable.state, answerUuid }), resumable);
      else sessionStorage.removeItem(LIVE_KEY);
    }
    return () => {
      cancelled = true;
      // Leaving the conversation does not stop the answer; the server keeps writing it.
      stream.current?.abort();
    };
  }, [conversation.uuid]);

  const follow = (answer: AnswerStream, start: Omit<LiveAnswer, 'state'>) => {
    stream.current = answer;
    answer.subscribe((state) => {
      const current = { ...start, state };
      setLive(current);
      follower.follow();
      if (isFinished(state)) {
        sessionStorage.removeItem(LIVE_KEY);
        setTurns((before) => [...before, { key: `live-${before.length}`, prompt: start.prompt, state }]);
        setLive(undefined);
        stream.current = undefined;
      } else {
        sessionStorage.setItem(LIVE_KEY, JSON.stringify(current));
      }
    });
  };

  const ask = (event: Event) => {
    event.preventDefault();
    const question = prompt.trim();
    if (!question || live) return;
    setPrompt('');
    follower.toBottom();
    follow(client.ask({ conversationUuid: conversation.uuid, prompt: question }), {
      conversationUuid: conversation.uuid,
      prompt: question,
    });
  };

  const loadEarlier = async () => {
    if (!earlierBefore) return;
    try {
      const page = await loadHistory(conversation.uuid, live?.state, earlierBefore);
      follower.keepPlace();
      setTurns((current) => [...page.turns, ...current]);
      setEarlierBefore(page.earlierBefore);
    } catch (failure) {
      onFailure(failure);
    }
  };

  return (
    <section class="conversation">
      <KnowledgeAttach conversation={conversation} onChanged={onChanged} onFailure={onFailure} />
      <div class="turns" data-testid="turns">
        {earlierBefore && (
          <button class="link earlier" data-testid="load-earlier" onClick={() => void loadEarlier()}>
            {t('loadEarlier')}
          </button>
        )}
        {turns.length === 0 && !live && <p class="empty">{t('empty')}</p>}
        {turns.map((turn) => (
          <TurnView key={turn.key} prompt={turn.prompt} state={turn.state} />
        ))}
        {live && <TurnView prompt={live.prompt} state={live.state} />}
      </div>
      <form class="ask" onSubmit={ask}>
        <textarea
          name="prompt"
          rows={2}
          placeholder={t('askPlaceholder')}
          value={prompt}
          onInput={(event) => setPrompt(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) ask(event);
          }}
        />
        {live ? (
          <button type="button" class="danger" data-testid="stop" onClick={() => void stream.current?.stop()}>
            {t('stop')}
          </button>
        ) : (
          <button type="submit" class="primary" data-testid="ask">
            {t('ask')}
          </button>
        )}
      </form>
    </section>
  );
}

function TurnView({ prompt, state }: { prompt: string; state: AnswerState }) {
  return (
    <div class="turn">
      <p class="question">
        <strong>{t('you')}:</strong> {prompt}
      </p>
      <AnswerView state={state} />
    </div>
  );
}

/** Questions per page of history, as the stock frontend asks for them. */
const HISTORY_PAGE = 20;

/**
 * A page of the conversation's questions and answers, oldest first (the newest page, or the one before the
 * question `before`), with every answer's stored citations read in one call. `earlierBefore` names the oldest
 * question of a full page: older ones may follow.
 */
async function loadHistory(
  conversationUuid: string,
  live: AnswerState | undefined,
  before = '',
): Promise<{ turns: Turn[]; earlierBefore: string | undefined }> {
  const questions = (await client.history(conversationUuid, HISTORY_PAGE, before)).reverse();
  const shown = questions
    .filter((question) => !(live && question.uuid === live.questionUuid))
    .map((question) => ({ question, answer: question.children?.at(-1) }))
    .filter(
      (entry): entry is { question: HistoryMessage; answer: HistoryMessage } =>
        entry.answer !== undefined && entry.answer.uuid !== live?.answerUuid,
    );
  const views = await client.citationViews(shown.map(({ answer }) => answer.uuid)).catch(() => ({}));
  const turns = shown.map(({ question, answer }): Turn => {
    const view = (views as Record<string, CitationView | undefined>)[answer.uuid];
    return {
      key: answer.uuid,
      prompt: question.remark,
      state: {
        status: 'done',
        answerUuid: answer.uuid,
        questionUuid: question.uuid,
        text: answer.remark,
        thinking: '',
        paragraphs: view?.paragraphs ?? [],
        refs: Object.fromEntries((view?.refs ?? []).map((ref) => [ref.citationId, ref])),
        ...(view
          ? {
              citationDone: {
                citationMode: view.citationMode,
                paragraphCount: view.paragraphs.length,
                refCount: view.refs.length,
                hasCitationError: view.hasCitationError && view.citationMode === 'paragraph',
              },
            }
          : {}),
        reconnects: 0,
      },
    };
  });
  return { turns, earlierBefore: questions.length === HISTORY_PAGE ? questions[0]?.uuid : undefined };
}

function KnowledgeAttach({
  conversation,
  onChanged,
  onFailure,
}: {
  conversation: Conversation;
  onChanged: () => void;
  onFailure: (failure: unknown) => void;
}) {
  const [bases, setBases] = useState<KnowledgeBase[]>([]);
  useEffect(() => {
    client.knowledgeBases().then(setBases).catch(onFailure);
  }, [conversation.uuid]);

  const toggle = async (base: KnowledgeBase, attach: boolean) => {
    const ids = conversation.kbIds.filter((id) => id !== base.id);
    try {
      await client.setKnowledgeBases(conversation.uuid, attach ? [...ids, base.id] : ids);
      onChanged();
    } catch (failure) {
      onFailure(failure);
    }
  };

  return (
    <fieldset class="attach" data-testid="attach">
      <legend>{t('attached')}</legend>
      {bases.length === 0 && <span class="muted">{t('noKnowledgeBases')}</span>}
      {bases.map((base) => (
        <label key={base.uuid}>
          <input
            type="checkbox"
            data-kb={base.title}
            checked={conversation.kbIds.includes(base.id)}
            onChange={(event) => void toggle(base, event.currentTarget.checked)}
          />
          {base.title}
        </label>
      ))}
    </fieldset>
  );
}
