import { jest } from '@jest/globals';
import { In } from 'typeorm';
import { PgTokenStore } from '../src/accounts/token-store.js';
import { UserRepository } from '../src/accounts/user.repository.js';
import { ConversationRepository } from '../src/conversations/conversation.repository.js';
import type { OpenDatabase } from '../src/platform/database/data-source.js';
import { ConversationEntity, KnowledgeBaseEntity, UserEntity } from '../src/platform/database/entities/index.js';
import { KnowledgeRepository } from '../src/knowledge/knowledge.repository.js';
import { openTestDatabase } from './support/database.js';

/**
 * The look-ups every question makes (token, user, conversation, knowledge bases) read with prepared SQL rather
 * than TypeORM's `find`: they must return exactly what `find` returns, on the PostgreSQL server and on PGlite.
 */
describe.each(['PostgreSQL server', 'PGlite'])('question look-ups (%s)', (kind) => {
  let open: OpenDatabase;

  beforeAll(async () => {
    open = await openTestDatabase(kind === 'PGlite' ? 'pglite' : 'server');
  }, 60_000);

  afterAll(async () => {
    await open?.close();
  });

  it('find users, conversations and knowledge bases as TypeORM does, and skip deleted ones', async () => {
    const users = new UserRepository(open.dataSource);
    const conversations = new ConversationRepository(open.dataSource);
    const knowledge = new KnowledgeRepository(open.dataSource);
    const user = await users.create({ name: 'ada', email: 'Ada@example.test', passwordHash: 'h', isAdmin: true });
    const first = await knowledge.createBase({
      title: 'one',
      ownerId: user.id,
      ownerUuid: user.uuid,
      ownerName: 'ada',
    });
    const second = await knowledge.createBase({
      title: 'two',
      ownerId: user.id,
      ownerUuid: user.uuid,
      ownerName: 'ada',
    });
    const gone = await knowledge.createBase({
      title: 'gone',
      ownerId: user.id,
      ownerUuid: user.uuid,
      ownerName: 'ada',
    });
    await knowledge.saveBase(Object.assign(gone, { isDeleted: true }));
    const conversation = await conversations.create(user.id, { title: 'chat', kbIds: [first.id, second.id] });

    expect(await users.findById(user.id)).toEqual(
      await open.dataSource.getRepository(UserEntity).findOneBy({ id: user.id }),
    );
    expect(await users.findById('not a number')).toBeNull();
    const found = await conversations.findByUuid(conversation.uuid);
    expect(found).toBeInstanceOf(ConversationEntity);
    expect(found).toEqual(await open.dataSource.getRepository(ConversationEntity).findOneBy({ id: conversation.id }));
    expect(typeof found!.id).toBe('string');
    expect(found!.createTime).toBeInstanceOf(Date);

    const bases = await knowledge.findBasesByIds([second.id, first.id, gone.id, 'x', '99999999']);
    const expected = await open.dataSource.getRepository(KnowledgeBaseEntity).findBy({ isDeleted: false });
    const byId = (a: KnowledgeBaseEntity, b: KnowledgeBaseEntity) => Number(a.id) - Number(b.id);
    expect(bases.sort(byId)).toEqual(expected.sort(byId));
    expect(bases.map((base) => base.title).sort()).toEqual(['one', 'two']);

    // What a question reads first: the conversation and its bases in one statement, each as TypeORM gives it; a
    // deleted base, an id that is not a number, one that names nothing and a base not attached are left out, and a
    // base attached twice comes once.
    const unattached = await knowledge.createBase({
      title: 'not attached',
      ownerId: user.id,
      ownerUuid: user.uuid,
      ownerName: 'ada',
    });
    await conversations.update(conversation, { kbIds: [second.id, gone.id, 'x', '99999999', first.id, second.id] });
    const withBases = await conversations.findWithBases(conversation.uuid);
    expect(withBases!.conversation).toBeInstanceOf(ConversationEntity);
    expect(withBases!.conversation).toEqual(
      await open.dataSource.getRepository(ConversationEntity).findOneBy({ id: conversation.id }),
    );
    expect(withBases!.bases.every((base) => base instanceof KnowledgeBaseEntity)).toBe(true);
    const attached = await open.dataSource.getRepository(KnowledgeBaseEntity).findBy({ id: In([first.id, second.id]) });
    expect(withBases!.bases).toEqual(attached.sort(byId));
    expect(withBases!.bases.map((base) => base.id)).not.toContain(unattached.id);
    for (const kbIds of [[], ['x', '99999999', gone.id]]) {
      const none = await conversations.create(user.id, { title: `no bases ${kbIds.length}`, kbIds });
      expect(await conversations.findWithBases(none.uuid)).toEqual({
        conversation: await open.dataSource.getRepository(ConversationEntity).findOneBy({ id: none.id }),
        bases: [],
      });
    }
    expect(await conversations.findWithBases('no such conversation')).toBeNull();

    await conversations.softDelete(found!);
    expect(await conversations.findByUuid(conversation.uuid)).toBeNull();
    expect(await conversations.findWithBases(conversation.uuid)).toBeNull();
  });

  it('resolve a token until it expires, even when it was resolved just before', async () => {
    const users = new UserRepository(open.dataSource);
    const user = await users.create({ name: 'bo', email: 'bo@example.test', passwordHash: 'h', isAdmin: false });
    const tokens = new PgTokenStore(open.dataSource, 60_000, undefined);
    const token = await tokens.issue(user.id);
    expect(await tokens.resolve(token)).toBe(user.id);
    expect(await tokens.resolve(token)).toBe(user.id);
    expect(await tokens.resolve('unknown')).toBeUndefined();

    const shortLived = new PgTokenStore(open.dataSource, 300, undefined);
    const brief = await shortLived.issue(user.id);
    expect(await shortLived.resolve(brief)).toBe(user.id);
    // The store's clock moves 400 ms on, past the token's life, without the test waiting for it.
    const later = Date.now() + 400;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      expect(await shortLived.resolve(brief)).toBeUndefined();
    } finally {
      clock.mockRestore();
    }
  });
});
