import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A change to a user's row, made by any instance or by hand, is announced on the channel the token revocations go
 * on (`adi_token_revoked`, payload the user's id): each instance keeps resolved tokens with their users, and drops a
 * user's when it hears of them (see `PgTokenStore`).
 */
export class UserChangeNotice1796900000000 implements MigrationInterface {
  name = 'UserChangeNotice1796900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE FUNCTION "adi_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('adi_token_revoked', OLD."id"::text);
        RETURN NULL;
      END $$`);
    await runner.query(
      `CREATE TRIGGER "adi_user_changed" AFTER UPDATE OR DELETE ON "adi_user"
         FOR EACH ROW EXECUTE FUNCTION "adi_user_changed"()`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TRIGGER IF EXISTS "adi_user_changed" ON "adi_user"`);
    await runner.query(`DROP FUNCTION IF EXISTS "adi_user_changed"()`);
  }
}
