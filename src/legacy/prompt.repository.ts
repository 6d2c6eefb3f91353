import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, Repository } from 'typeorm';
import { DATA_SOURCE } from '../platform/database/database.module.js';
import { PromptEntity } from '../platform/database/entities/index.js';

@Injectable()
export class PromptRepository {
  private readonly prompts: Repository<PromptEntity>;

  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {
    this.prompts = dataSource.getRepository(PromptEntity);
  }

  /** The user's live prompts whose name contains `keyword`, newest first. */
  async search(userId: string, keyword: string, page: number, size: number): Promise<[PromptEntity[], number]> {
    const builder = this.prompts
      .createQueryBuilder('prompt')
      .where('prompt.user_id = :userId AND prompt.is_deleted = false', { userId });
    if (keyword !== '') builder.andWhere('prompt.act ILIKE :keyword', { keyword: `%${escapeLike(keyword)}%` });
    return builder
      .orderBy('prompt.id', 'DESC')
      .skip((page - 1) * size)
      .take(size)
      .getManyAndCount();
  }

  findOwned(userId: string, id: string): Promise<PromptEntity | null> {
    return this.prompts.findOneBy({ id, userId, isDeleted: false });
  }

  /** Saves prompts by name in one transaction: an existing name gets the new text. Returns name → id. */
  async upsert(userId: string, prompts: readonly { act: string; prompt: string }[]): Promise<Record<string, string>> {
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(PromptEntity);
      const ids: Record<string, string> = {};
      for (const { act, prompt } of prompts) {
        const existing = await repository.findOneBy({ userId, act, isDeleted: false });
        const saved = existing
          ? await repository.save(Object.assign(existing, { prompt }))
          : await repository.save(repository.create({ userId, act, prompt }));
        ids[act] = saved.id;
      }
      return ids;
    });
  }

  save(prompt: PromptEntity): Promise<PromptEntity> {
    return this.prompts.save(prompt);
  }

  async softDelete(prompt: PromptEntity): Promise<void> {
    await this.prompts.update({ id: prompt.id }, { isDeleted: true });
  }
}

/** A keyword is matched literally: `%` and `_` in it are not wildcards. */
function escapeLike(keyword: string): string {
  return keyword.replace(/[\\%_]/g, (character) => `\\${character}`);
}
