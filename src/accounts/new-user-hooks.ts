import { Injectable } from '@nestjs/common';
import type { UserEntity } from '../platform/database/entities/index.js';

/** Work another module does for every new account, before the account is handed back. */
export type NewUserHook = (user: UserEntity) => Promise<void>;

/**
 * The "a user was created" event. Accounts know nothing of conversations or knowledge bases; the modules that
 * do subscribe here, so that a new user can start chatting at once without auth importing them.
 */
@Injectable()
export class NewUserHooks {
  private readonly hooks: NewUserHook[] = [];

  subscribe(hook: NewUserHook): void {
    this.hooks.push(hook);
  }

  /** Runs every hook in turn; a failing hook fails the account's creation, as the user could not chat. */
  async created(user: UserEntity): Promise<void> {
    for (const hook of this.hooks) await hook(user);
  }
}
