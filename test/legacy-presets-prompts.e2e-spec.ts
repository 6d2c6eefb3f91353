import { startApp, type RunningApp } from './support/app.js';
import { call } from './support/legacy-http.js';

interface Page<T> {
  records: T[];
  total: number;
}
interface Preset {
  id: string;
  uuid: string;
  title: string;
  remark: string;
  aiSystemMessage: string;
}
interface ConvDto {
  id: string;
  uuid: string;
  title: string;
  aiSystemMessage: string;
  mcpIds: unknown[];
  kbIds: unknown[];
  convKnowledgeList: unknown[];
}
interface PromptDto {
  id: string;
  act: string;
  prompt: string;
}

/** The chat sidebar's 预设角色 tab and the prompt library, as the stock frontend calls them. */
describe('conversation presets and the prompt library', () => {
  let server: RunningApp;
  let admin: string;
  let alice: string;
  let bob: string;
  const get = <T>(path: string, token: string) => call<T>(server.baseUrl, 'GET', path, { token });
  const post = <T>(path: string, token: string, body?: unknown) =>
    call<T>(server.baseUrl, 'POST', path, { token, ...(body === undefined ? {} : { body }) });

  const newUser = async (email: string) => {
    await call(server.baseUrl, 'POST', '/auth/register', { body: { email, password: 'password-1' } });
    return server.login(email, 'password-1');
  };

  beforeAll(async () => {
    server = await startApp({});
    admin = await server.login();
    alice = await newUser('alice@example.test');
    bob = await newUser('bob@example.test');
  });

  afterAll(async () => {
    await server.close();
  });

  describe('presets', () => {
    it('lists the two seeded presets to anyone, ignoring the keyword the frontend sends', async () => {
      const { body } = await post<Page<Preset>>('/conversation-preset/search?currentPage=1&pageSize=100', alice, {
        keyword: '',
      });
      expect(body.success).toBe(true);
      expect(body.data.total).toBe(2);
      expect(body.data.records.map((preset) => preset.title).sort()).toEqual(['写作助手', '翻译助手']);
      for (const preset of body.data.records) {
        expect(typeof preset.id).toBe('string');
        expect(preset.uuid).toMatch(/^[0-9a-f]{32}$/);
        expect(preset.aiSystemMessage.length).toBeGreaterThan(0);
      }
    });

    it('lets an admin create a preset and refuses everyone else', async () => {
      const refused = await post('/conversation-preset/add', alice, { title: 'Mine', aiSystemMessage: 'x' });
      expect(refused.body).toMatchObject({ success: false, code: 'A0016' });
      const created = await post<Preset>('/conversation-preset/add', admin, {
        title: 'Reviewer',
        remark: 'Reviews code',
        aiSystemMessage: 'You review code.',
      });
      expect(created.body.data).toMatchObject({ title: 'Reviewer', remark: 'Reviews code' });
      const { body } = await post<Page<Preset>>('/conversation-preset/search?currentPage=1&pageSize=100', bob, {
        title: 'Review',
      });
      expect(body.data.records.map((preset) => preset.title)).toEqual(['Reviewer']);
    });

    it('starts a conversation from a preset (a full ConvDto), marks it used, and returns it on the second use', async () => {
      const presets = (
        await post<Page<Preset>>('/conversation-preset/search?currentPage=1&pageSize=100', alice, { keyword: '' })
      ).body.data.records;
      const translator = presets.find((preset) => preset.title === '翻译助手')!;
      expect((await get<unknown[]>('/conversation-preset-rel/mine?limit=100', alice)).body.data).toEqual([]);

      const first = await post<ConvDto>(`/conversation/addByPreset?presetUuid=${translator.uuid}`, alice);
      expect(first.body.success).toBe(true);
      expect(first.body.data).toMatchObject({
        title: '翻译助手',
        aiSystemMessage: translator.aiSystemMessage,
        mcpIds: [],
        kbIds: [],
        convKnowledgeList: [],
      });
      expect(typeof first.body.data.id).toBe('string');

      const relations = await get<{ id: string; uuid: string; userConvId: string; presetConvId: string }[]>(
        '/conversation-preset-rel/mine?limit=100',
        alice,
      );
      expect(relations.body.data).toHaveLength(1);
      expect(relations.body.data[0]).toMatchObject({
        uuid: '',
        userConvId: first.body.data.id,
        presetConvId: translator.id,
      });
      expect(relations.body.data[0]!.id).toMatch(/^\d+$/);

      const second = await post<ConvDto>(`/conversation/addByPreset?presetUuid=${translator.uuid}`, alice);
      expect(second.body.data).toMatchObject({
        uuid: first.body.data.uuid,
        mcpIds: [],
        kbIds: [],
        convKnowledgeList: [],
      });
      // Bob's relations are his own.
      expect((await get<unknown[]>('/conversation-preset-rel/mine?limit=100', bob)).body.data).toEqual([]);
    });

    it('ends the relation when the conversation is deleted, so the preset can be used again', async () => {
      const presets = (
        await post<Page<Preset>>('/conversation-preset/search?currentPage=1&pageSize=100', bob, { keyword: '' })
      ).body.data.records;
      const writer = presets.find((preset) => preset.title === '写作助手')!;
      const first = await post<ConvDto>(`/conversation/addByPreset?presetUuid=${writer.uuid}`, bob);
      await post(`/conversation/del/${first.body.data.uuid}`, bob);
      expect((await get<unknown[]>('/conversation-preset-rel/mine?limit=100', bob)).body.data).toEqual([]);
      const again = await post<ConvDto>(`/conversation/addByPreset?presetUuid=${writer.uuid}`, bob);
      expect(again.body.data.uuid).not.toBe(first.body.data.uuid);
    });

    it('answers A0027 for an unknown preset', async () => {
      const { body } = await post(`/conversation/addByPreset?presetUuid=${'0'.repeat(32)}`, alice);
      expect(body).toMatchObject({ success: false, code: 'A0027' });
    });
  });

  describe('prompts', () => {
    it('saves, searches, autocompletes, edits and deletes a user’s own prompts', async () => {
      const saved = await post<Record<string, string>>('/prompt/save', alice, {
        prompts: [
          { act: 'Translator', prompt: 'Translate the text into English.' },
          { act: 'Summarizer', prompt: 'Summarize in three sentences.' },
        ],
      });
      expect(saved.body.success).toBe(true);
      expect(Object.keys(saved.body.data).sort()).toEqual(['Summarizer', 'Translator']);
      expect(saved.body.data.Translator).toMatch(/^\d+$/);

      // Saving a name again replaces its text; an import may use key/value.
      await post('/prompt/save', alice, {
        prompts: [
          { act: 'Translator', prompt: 'Translate into French.' },
          { key: 'Poet', value: 'Write a haiku.' },
        ],
      });
      const page = await get<Page<PromptDto>>('/prompt/my/search?currentPage=1&pageSize=10', alice);
      expect(page.body.data.total).toBe(3);
      for (const prompt of page.body.data.records) {
        expect(typeof prompt.id).toBe('string');
        expect(typeof prompt.act).toBe('string');
        expect(typeof prompt.prompt).toBe('string');
      }
      expect(page.body.data.records.find((prompt) => prompt.act === 'Translator')!.prompt).toBe(
        'Translate into French.',
      );

      const found = await get<Page<PromptDto>>('/prompt/my/search?keyword=trans&currentPage=1&pageSize=10', alice);
      expect(found.body.data.records.map((prompt) => prompt.act)).toEqual(['Translator']);
      const suggestions = await get<PromptDto[]>('/prompt/my/autocomplete?keyword=sum', alice);
      expect(suggestions.body.data).toEqual([
        { id: saved.body.data.Summarizer, act: 'Summarizer', prompt: 'Summarize in three sentences.' },
      ]);

      const id = saved.body.data.Summarizer!;
      expect((await post(`/prompt/edit/${id}`, alice, {})).body).toMatchObject({ success: false, code: 'A0002' });
      const edited = await post(`/prompt/edit/${id}`, alice, { title: 'Summary', remark: 'Two sentences.' });
      expect(edited.body).toEqual({ success: true, data: true });
      expect((await get<PromptDto[]>('/prompt/my/autocomplete?keyword=summary', alice)).body.data[0]).toMatchObject({
        act: 'Summary',
        prompt: 'Two sentences.',
      });

      expect((await post(`/prompt/del/${id}`, alice)).body).toEqual({ success: true, data: true });
      expect((await get<Page<PromptDto>>('/prompt/my/search?currentPage=1&pageSize=10', alice)).body.data.total).toBe(
        2,
      );
    });

    it('treats another user’s prompt as not found, and shows nobody else’s', async () => {
      const saved = await post<Record<string, string>>('/prompt/save', alice, {
        prompts: [{ act: 'Private', prompt: 'Alice only.' }],
      });
      const id = saved.body.data.Private!;
      expect((await post(`/prompt/del/${id}`, bob)).body).toMatchObject({ success: false, code: 'A0017' });
      expect((await post(`/prompt/edit/${id}`, bob, { title: 'Stolen' })).body).toMatchObject({
        success: false,
        code: 'A0017',
      });
      expect((await get<Page<PromptDto>>('/prompt/my/search?currentPage=1&pageSize=10', bob)).body.data).toMatchObject({
        records: [],
        total: 0,
      });
      expect((await get<PromptDto[]>('/prompt/my/autocomplete?keyword=Private', bob)).body.data).toEqual([]);
      expect((await get<PromptDto[]>('/prompt/my/autocomplete?keyword=Private', alice)).body.data).toHaveLength(1);
    });

    it('matches a keyword literally', async () => {
      await post('/prompt/save', alice, { prompts: [{ act: '100% honest', prompt: 'Be honest.' }] });
      const found = await get<Page<PromptDto>>('/prompt/my/search?keyword=0%25&currentPage=1&pageSize=10', alice);
      expect(found.body.data.records.map((prompt) => prompt.act)).toEqual(['100% honest']);
      const none = await get<Page<PromptDto>>('/prompt/my/search?keyword=_&currentPage=1&pageSize=10', alice);
      expect(none.body.data.total).toBe(0);
    });
  });
});
