import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { CurrentUser } from '../accounts/current-user.js';
import { DATA_SOURCE } from '../platform/database/database.module.js';
import { MessageEntity } from '../platform/database/entities/index.js';

@Injectable()
export class MessageDeletionRepository {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /**
   * Soft-deletes a message the user owns (any, for an admin); a question takes its answers with it, as the
   * frontend removes them together. False when there is no such message.
   */
  async softDelete(uuid: string, user: CurrentUser): Promise<boolean> {
    const messages = this.dataSource.getRepository(MessageEntity);
    const message = await messages.findOneBy({ uuid, isDeleted: false });
    if (!message || (message.userId !== user.id && !user.isAdmin)) return false;
    await this.dataSource.transaction(async (manager) => {
      await manager.update(MessageEntity, { id: message.id }, { isDeleted: true });
      if (message.parentMessageId === '0')
        await manager.update(MessageEntity, { parentMessageId: message.id, isDeleted: false }, { isDeleted: true });
    });
    return true;
  }
}
