import { Inject, Injectable } from '@nestjs/common';
import { AuthService } from './auth.service.js';
import { PasswordHasher } from './password-hasher.js';
import type { CurrentUser } from './current-user.js';
import { UserRepository } from './user.repository.js';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import { UsageRepository } from './usage.repository.js';
import { WrongOldPasswordError } from './user-errors.js';

/** How many question/answer pairs the legacy settings page shows; informational, as on the legacy server. */
const CONTEXT_MESSAGE_PAIRS = 3;

@Injectable()
export class UserService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UserRepository,
    private readonly usage: UsageRepository,
    private readonly auth: AuthService,
    private readonly passwords: PasswordHasher,
  ) {}

  /**
   * The legacy `ConfigResp`: the limits, and what the user has used of them, every object present; and, beyond it,
   * whether the user still has the password the service generated (legacy clients ignore the extra field).
   */
  async settings(user: CurrentUser) {
    const [used, stored] = await Promise.all([this.usage.usageOf(user.id), this.users.findById(user.id)]);
    const quota = this.config.quota;
    return {
      passwordChangeRequired: stored?.passwordChangeRequired ?? false,
      contextMsgPairNum: CONTEXT_MESSAGE_PAIRS,
      userQuota: {
        tokenByDay: quota.tokensPerDay,
        tokenByMonth: quota.tokensPerMonth,
        requestTimesByDay: quota.requestsPerDay,
        requestTimesByMonth: quota.requestsPerMonth,
        drawByDay: 0,
        drawByMonth: 0,
      },
      quotaCost: {
        freeTokenCost: { todayTokenCost: used.tokensToday, monthTokenCost: used.tokensThisMonth },
        paidTokenCost: { todayTokenCost: 0, monthTokenCost: 0 },
        freeRequestTimes: { todayRequestTimes: used.requestsToday, monthRequestTimes: used.requestsThisMonth },
        paidRequestTimes: { todayRequestTimes: 0, monthRequestTimes: 0 },
        freeDrawTimes: { todayDrawTimes: 0, monthDrawTimes: 0 },
        paidDrawTimes: { todayDrawTimes: 0, monthDrawTimes: 0 },
      },
    };
  }

  logout(token: string): Promise<void> {
    return this.auth.logout(token);
  }

  /**
   * Checks the current password against the stored one (not a copy from login), then replaces it and ends every
   * other login of the user: whoever knew the old password is let out. The login that changed it stays, so the
   * user is not sent back to the login page on the device they are using.
   */
  async modifyPassword(user: CurrentUser, token: string, oldPassword: string, newPassword: string): Promise<void> {
    const stored = await this.users.findById(user.id);
    if (!stored || !(await this.passwords.verify(oldPassword, stored.password))) throw new WrongOldPasswordError();
    await this.users.setPassword(user.id, await this.passwords.hash(newPassword));
    await this.auth.endOtherLogins(user.id, token);
  }
}
