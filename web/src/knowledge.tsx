import { useEffect, useState } from 'preact/hooks';
import type { KnowledgeBase, KnowledgeItem } from '@citation-stream/client';
import { client, messageOf } from './api.js';
import { t, type MessageKey } from './i18n.js';

/** Knowledge bases: create, delete, and per base its documents, uploaded and indexed. */
export function KnowledgeBases() {
  const [bases, setBases] = useState<KnowledgeBase[]>([]);
  const [selected, setSelected] = useState<string | undefined>();
  const [title, setTitle] = useState('');
  const [error, setError] = useState('');

  const reload = async () => setBases(await client.knowledgeBases());
  useEffect(() => {
    reload().catch((failure: unknown) => setError(messageOf(failure)));
  }, []);

  const create = async (event: Event) => {
    event.preventDefault();
    if (!title.trim()) return;
    try {
      const created = await client.createKnowledgeBase(title.trim());
      setTitle('');
      await reload();
      setSelected(created.uuid);
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  const remove = async (base: KnowledgeBase) => {
    if (!confirm(t('confirmDelete'))) return;
    try {
      await client.deleteKnowledgeBase(base.uuid);
      if (selected === base.uuid) setSelected(undefined);
      await reload();
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  const base = bases.find((candidate) => candidate.uuid === selected);
  return (
    <main class="knowledge">
      <aside>
        <h2>{t('knowledgeBases')}</h2>
        <ul data-testid="knowledge-bases">
          {bases.map((candidate) => (
            <li key={candidate.uuid}>
              <button
                class={candidate.uuid === selected ? 'item active' : 'item'}
                onClick={() => setSelected(candidate.uuid)}
              >
                {candidate.title}
                {candidate.isPublic && <span class="badge">{t('public')}</span>}
              </button>
            </li>
          ))}
        </ul>
        <form class="inline" onSubmit={(event) => void create(event)}>
          <input
            name="knowledgeBaseTitle"
            placeholder={t('newKnowledgeBase')}
            value={title}
            onInput={(event) => setTitle(event.currentTarget.value)}
          />
          <button type="submit">{t('create')}</button>
        </form>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
      </aside>
      {base && <Documents key={base.uuid} base={base} onDelete={() => void remove(base)} onError={setError} />}
    </main>
  );
}

function Documents({
  base,
  onDelete,
  onError,
}: {
  base: KnowledgeBase;
  onDelete: () => void;
  onError: (message: string) => void;
}) {
  const [items, setItems] = useState<KnowledgeItem[]>([]);
  const [uploading, setUploading] = useState(false);

  const reload = async () => setItems(await client.knowledgeItems(base.uuid));
  useEffect(() => {
    reload().catch((failure: unknown) => onError(messageOf(failure)));
  }, [base.uuid]);

  // Watch indexing: poll while any document is not indexed yet.
  const indexing = items.some((item) => item.embeddingStatus === 'DOING' || item.embeddingStatus === 'NONE');
  useEffect(() => {
    if (!indexing) return;
    const timer = setInterval(() => void reload().catch(() => undefined), 1000);
    return () => clearInterval(timer);
  }, [indexing, base.uuid]);

  const upload = async (files: FileList | null) => {
    if (!files) return;
    setUploading(true);
    try {
      for (const file of Array.from(files)) await client.upload(base.uuid, file, file.name);
      await reload();
    } catch (failure) {
      onError(messageOf(failure));
    } finally {
      setUploading(false);
    }
  };

  return (
    <section class="documents">
      <header>
        <h2>{base.title}</h2>
        <button class="danger" onClick={onDelete}>
          {t('delete')}
        </button>
      </header>
      <label class="upload">
        {t('upload')}
        <input
          type="file"
          name="document"
          accept=".txt,.md,.markdown,text/plain,text/markdown"
          multiple
          disabled={uploading}
          onChange={(event) => {
            const input = event.currentTarget;
            void upload(input.files).then(() => (input.value = ''));
          }}
        />
      </label>
      <h3>{t('documents')}</h3>
      {items.length === 0 && <p class="muted">{t('noDocuments')}</p>}
      <ul data-testid="documents">
        {items.map((item) => (
          <li key={item.uuid} data-status={item.embeddingStatus}>
            {item.title} <span class={`status ${item.embeddingStatus}`}>{t(statusKey(item.embeddingStatus))}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function statusKey(status: string): MessageKey {
  return (['NONE', 'DOING', 'DONE', 'FAIL'].includes(status) ? `status_${status}` : 'status_NONE') as MessageKey;
}
