import { jest } from '@jest/globals';
import { In } from 'typeorm';
import { PgTokenStore } from '../src/accounts/token-store.js';
import { UserRepository } from '../src/accounts/user.repository.js';
import { ConversationRepository } from '../src/conversations/conversation.repository.js';
import { openDatabase, type OpenDatabase } from '../src/platform/database/data-source.js';
import { ConversationEntity, KnowledgeBaseEntity, UserEntity } from '../src/platform/database/entities/index.js';
import { KnowledgeRepository } from '../src/knowledge/knowledge.repository.js';
import { createTestDatabase, openTestDatabase, type TestDatabase } from './support/database.js';

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

  it("resolve a token with its user as a request sees them, and not a deleted user's", async () => {
    const users = new UserRepository(open.dataSource);
    const user = await users.create({ name: 'cy', email: 'Cy@example.test', passwordHash: 'h', isAdmin: true });
    const tokens = new PgTokenStore(open.dataSource, 60_000, undefined);
    const token = await tokens.issue(user.id);
    const expected = { id: user.id, uuid: user.uuid, name: 'cy', email: 'cy@example.test', isAdmin: true };
    expect(await tokens.resolveUser(token)).toEqual(expected);
    expect(await tokens.resolveUser(token)).toEqual(expected);
    expect(await tokens.resolveUser('unknown')).toBeUndefined();

    await open.dataSource.getRepository(UserEntity).update({ id: user.id }, { isDeleted: true });
    const fresh = new PgTokenStore(open.dataSource, 60_000, undefined);
    expect(await fresh.resolveUser(token)).toBeUndefined();
    expect(await fresh.resolve(token)).toBeUndefined();
  });
});

describe('resolved tokens kept with their users on the PostgreSQL server', () => {
  let database: TestDatabase;
  let open: OpenDatabase;
  let tokens: PgTokenStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    open = await openDatabase({ url: database.url, dataDir: '', runMigrations: true });
    // Listening as an instance of the service does: it hears revocations and changed users on the server.
    tokens = new PgTokenStore(open.dataSource, 60_000, database.url);
    await tokens.onModuleInit();
  }, 60_000);

  afterAll(async () => {
    await tokens?.onApplicationShutdown();
    await open?.close();
    await database?.drop();
  });

  /** Resolves when the store has dropped a user's tokens on hearing of them. */
  const forgotten = () => new Promise<unknown>((resolve) => tokens.events.once('forgotten', resolve));

  it('forget a user whose row was changed by hand, however recently the token was resolved', async () => {
    const users = new UserRepository(open.dataSource);
    const user = await users.create({ name: 'dee', email: 'dee@example.test', passwordHash: 'h', isAdmin: false });
    const token = await tokens.issue(user.id);
    expect(await tokens.resolveUser(token)).toMatchObject({ name: 'dee', isAdmin: false });

    // Neither statement goes through the service: only the user table's trigger can tell the store.
    let heard = forgotten();
    await open.dataSource.query(`UPDATE "adi_user" SET "name" = 'dee renamed', "is_admin" = true WHERE "id" = $1`, [
      user.id,
    ]);
    expect(await heard).toBe(user.id);
    expect(await tokens.resolveUser(token)).toMatchObject({ name: 'dee renamed', isAdmin: true });

    heard = forgotten();
    await open.dataSource.query(`UPDATE "adi_user" SET "is_deleted" = true WHERE "id" = $1`, [user.id]);
    expect(await heard).toBe(user.id);
    expect(await tokens.resolveUser(token)).toBeUndefined();
  });
});
