import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { LIMITER_FACTORY, spend, type LimiterFactory } from '../common/rate-limiter.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { UserEntity } from '../database/entities/index.js';
import { LoginFailedError, LoginRateLimitedError, UnknownEmailError } from './auth.errors.js';
import type { CurrentUser } from './current-user.js';
import { NewUserHooks } from './new-user-hooks.js';
import { hashPassword, verifyPassword } from './password.js';
import { TOKEN_STORE, type TokenStore } from './token-store.js';
import { UserRepository } from './user.repository.js';

/** The window login attempts are counted in, and how long an account or address over its limit waits. */
const LOGIN_WINDOW_SECONDS = 15 * 60;

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);
  private readonly attemptsByAccount: RateLimiterAbstract;
  private readonly attemptsByAddress: RateLimiterAbstract;
  /** Per request being handled: its user's look-up, so that the middleware and the guard share one. */
  private readonly usersOfRequests = new WeakMap<object, Promise<CurrentUser | undefined>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UserRepository,
    @Inject(TOKEN_STORE) private readonly tokens: TokenStore,
    private readonly newUsers: NewUserHooks,
    @Inject(LIMITER_FACTORY) limiters: LimiterFactory,
  ) {
    const { perAccount, perAddress } = config.auth.loginAttempts;
    const window = { durationSeconds: LOGIN_WINDOW_SECONDS, blockSeconds: LOGIN_WINDOW_SECONDS };
    this.attemptsByAccount = limiters.create({ keyPrefix: 'login:account', points: perAccount, ...window });
    this.attemptsByAddress = limiters.create({ keyPrefix: 'login:address', points: perAddress, ...window });
  }

  /**
   * The admin, created on first start (with no password configured, generates one and logs it this once). Called
   * once at boot, by the module that also prepares the admin's sample knowledge base.
   */
  async ensureAdmin(): Promise<UserEntity> {
    const { adminEmail, adminPassword } = this.config.auth;
    let admin = await this.users.findByEmail(adminEmail);
    if (admin) {
      // A configured password is the admin's password: setting it again is how a lost one is replaced.
      if (adminPassword !== undefined && !(await verifyPassword(adminPassword, admin.password))) {
        await this.users.setPassword(admin.id, await hashPassword(adminPassword));
        this.logger.log({ message: 'admin password replaced by ADMIN_PASSWORD', email: adminEmail });
      }
    } else {
      const password = adminPassword ?? randomBytes(12).toString('base64url');
      admin = await this.createUser({ name: 'admin', email: adminEmail, password, isAdmin: true });
      if (adminPassword === undefined) {
        this.logger.warn({
          message: 'admin created with a generated password; set ADMIN_PASSWORD to choose one',
          email: adminEmail,
          password,
        });
      } else {
        this.logger.log({ message: 'admin created', email: adminEmail });
      }
    }
    return admin;
  }

  /** A new user; the subscribers of {@link NewUserHooks} prepare what the user needs to chat at once. */
  async createUser(fields: { name: string; email: string; password: string; isAdmin: boolean }): Promise<UserEntity> {
    const passwordHash = await hashPassword(fields.password);
    const user = await this.users.create({ ...fields, passwordHash });
    await this.newUsers.created(user);
    return user;
  }

  /**
   * Checks the password and issues a token. Every attempt spends a point of the account's and of the address's
   * allowance before the password is checked, so that a flood of attempts is refused without hashing; a
   * successful login gives its points back.
   */
  async login(
    email: string,
    password: string,
    address: string,
  ): Promise<{ token: string; name: string; email: string; uuid: string }> {
    const account = email.toLowerCase();
    const waits = await Promise.all([spend(this.attemptsByAccount, account), spend(this.attemptsByAddress, address)]);
    const wait = Math.max(...waits);
    if (wait > 0) {
      this.logger.warn({ message: 'login attempts throttled', address, retryAfterSeconds: wait });
      throw new LoginRateLimitedError(wait);
    }
    const user = await this.users.findByEmail(account);
    if (!user) throw new UnknownEmailError();
    if (!(await verifyPassword(password, user.password))) throw new LoginFailedError();
    await Promise.all([this.attemptsByAccount.delete(account), this.attemptsByAddress.reward(address, 1)]);
    const token = await this.tokens.issue(user.id);
    return { token, name: user.name, email: user.email, uuid: user.uuid };
  }

  /**
   * The user of a request's `Authorization` token (raw, or after `Bearer`), looked up once per request: the ask
   * route's quota check runs before the guard and needs the user too, and each look-up is a statement.
   */
  userOfRequest(request: { headers: { authorization?: string } }): Promise<CurrentUser | undefined> {
    let user = this.usersOfRequests.get(request);
    if (!user) {
      const token = tokenOfHeader(request.headers.authorization);
      user = token ? this.userForToken(token) : Promise.resolve(undefined);
      this.usersOfRequests.set(request, user);
    }
    return user;
  }

  /** Ends this login, on every instance. */
  logout(token: string): Promise<void> {
    return this.tokens.revoke(token);
  }

  /** Ends every login of the user but the one they are using, on every instance: after a password change. */
  endOtherLogins(userId: string, currentToken: string): Promise<void> {
    return this.tokens.revokeAllBut(userId, currentToken);
  }

  async userForToken(token: string): Promise<CurrentUser | undefined> {
    const userId = await this.tokens.resolve(token);
    const user = userId === undefined ? null : await this.users.findById(userId);
    if (!user) return undefined;
    return { id: user.id, uuid: user.uuid, name: user.name, email: user.email, isAdmin: user.isAdmin };
  }
}

/** The token of an `Authorization` header: raw, as legacy clients send it, or after `Bearer`. */
export function tokenOfHeader(header: string | undefined): string {
  return header?.trim().replace(/^Bearer\s+/i, '') ?? '';
}
