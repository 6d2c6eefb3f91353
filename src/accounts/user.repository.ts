import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, Repository } from 'typeorm';
import { DATA_SOURCE } from '../platform/database/database.module.js';
import { UserEntity } from '../platform/database/entities/index.js';
import { newUuid } from '../platform/common/ids.js';
import { EntitySelect } from '../platform/database/entity-select.js';

@Injectable()
export class UserRepository {
  private readonly users: Repository<UserEntity>;
  /** Every authenticated request reads its user: one prepared statement text, no query building. */
  private readonly byId: EntitySelect<UserEntity>;

  constructor(@Inject(DATA_SOURCE) dataSource: DataSource) {
    this.users = dataSource.getRepository(UserEntity);
    this.byId = new EntitySelect(this.users, '"id" = $1 AND NOT "is_deleted"');
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ email: email.toLowerCase(), isDeleted: false });
  }

  findById(id: string): Promise<UserEntity | null> {
    return /^\d{1,18}$/.test(id) ? this.byId.one([id]) : Promise.resolve(null);
  }

  /** A password the user chose (or configured): no longer one to change. */
  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.users.update({ id }, { password: passwordHash, passwordChangeRequired: false });
  }

  async create(fields: {
    name: string;
    email: string;
    passwordHash: string;
    isAdmin: boolean;
    passwordChangeRequired?: boolean;
  }): Promise<UserEntity> {
    return this.users.save(
      this.users.create({
        uuid: newUuid(),
        name: fields.name,
        email: fields.email.toLowerCase(),
        password: fields.passwordHash,
        isAdmin: fields.isAdmin,
        passwordChangeRequired: fields.passwordChangeRequired ?? false,
      }),
    );
  }
}
