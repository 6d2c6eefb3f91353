import { Injectable } from '@nestjs/common';
import type { CurrentUser } from '../accounts/current-user.js';
import { legacyPage } from '../platform/common/legacy-page.js';
import type { PromptEntity } from '../platform/database/entities/index.js';
import { PromptRepository } from './prompt.repository.js';
import { PromptNotFoundError } from './prompt-errors.js';

/** How many prompts the `/` autocomplete offers. */
const AUTOCOMPLETE_SIZE = 10;

/** The legacy `PromptDto`: `act` and `prompt` always strings, the id a string. */
function toPromptDto(prompt: PromptEntity) {
  return { id: prompt.id, act: prompt.act, prompt: prompt.prompt };
}

/** A user's prompt library: only its owner sees, changes or deletes a prompt. */
@Injectable()
export class PromptService {
  constructor(private readonly prompts: PromptRepository) {}

  async search(user: CurrentUser, keyword: string, page: number, size: number) {
    const [records, total] = await this.prompts.search(user.id, keyword, page, size);
    return legacyPage(records.map(toPromptDto), total, page, size);
  }

  async autocomplete(user: CurrentUser, keyword: string) {
    const [records] = await this.prompts.search(user.id, keyword, 1, AUTOCOMPLETE_SIZE);
    return records.map(toPromptDto);
  }

  save(user: CurrentUser, prompts: readonly { act: string; prompt: string }[]): Promise<Record<string, string>> {
    return this.prompts.upsert(user.id, prompts);
  }

  async edit(user: CurrentUser, id: string, changes: { act?: string; prompt?: string }): Promise<boolean> {
    const prompt = await this.owned(user, id);
    await this.prompts.save(Object.assign(prompt, changes));
    return true;
  }

  async remove(user: CurrentUser, id: string): Promise<boolean> {
    await this.prompts.softDelete(await this.owned(user, id));
    return true;
  }

  private async owned(user: CurrentUser, id: string): Promise<PromptEntity> {
    const prompt = /^\d{1,18}$/.test(id) ? await this.prompts.findOwned(user.id, id) : null;
    if (!prompt) throw new PromptNotFoundError(id);
    return prompt;
  }
}
