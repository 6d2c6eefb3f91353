import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { LIMITER_FACTORY, spend, type LimiterFactory } from '../platform/common/rate-limiter.js';
import { ThrottleLog } from '../platform/common/throttle-log.js';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import { AuthService } from './auth.service.js';
import { UserRepository } from './user.repository.js';
import { EmailTakenError, RegistrationClosedError, RegistrationRateLimitedError } from './auth.errors.js';

export const REGISTERED_MESSAGE = '注册成功，请登录';

/** PostgreSQL's code for a unique violation: two registrations of one e-mail at the same moment. */
const UNIQUE_VIOLATION = '23505';

/**
 * Self-registration without e-mail: the account is active at once (there is no mail to activate it with), and
 * gets the same default conversation, with the sample knowledge base, as every new user. Every attempt from a
 * client address counts against its allowance, a taken e-mail too, so that one address can neither mass-create
 * accounts nor probe which e-mails have one.
 */
@Injectable()
export class RegistrationService implements OnApplicationShutdown {
  private readonly logger = new Logger(RegistrationService.name);
  private readonly throttled = new ThrottleLog(this.logger, 'registrations throttled');
  private readonly attemptsByAddress: RateLimiterAbstract;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UserRepository,
    private readonly auth: AuthService,
    @Inject(LIMITER_FACTORY) limiters: LimiterFactory,
  ) {
    const { perAddress, windowSeconds } = config.accounts.registrations;
    this.attemptsByAddress = limiters.create({
      keyPrefix: 'register:address',
      points: perAddress,
      durationSeconds: windowSeconds,
      blockSeconds: windowSeconds,
    });
  }

  onApplicationShutdown(): void {
    this.throttled.flush();
  }

  async register(email: string, password: string, address: string): Promise<string> {
    if (!this.config.accounts.registrationEnabled) throw new RegistrationClosedError();
    const wait = await spend(this.attemptsByAddress, address);
    if (wait > 0) {
      this.throttled.refused({ address, retryAfterSeconds: wait });
      throw new RegistrationRateLimitedError(wait);
    }
    if (await this.users.findByEmail(email)) throw new EmailTakenError();
    const name = email.split('@')[0]!.slice(0, 45);
    try {
      const user = await this.auth.createUser({ name, email, password, isAdmin: false });
      this.logger.log({ message: 'user registered', userUuid: user.uuid });
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code === UNIQUE_VIOLATION)
        throw new EmailTakenError();
      throw error;
    }
    return REGISTERED_MESSAGE;
  }
}
