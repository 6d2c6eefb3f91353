import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { LIMITER_FACTORY, type LimiterFactory } from '../platform/common/rate-limiter.js';
import { ThrottleLog } from '../platform/common/throttle-log.js';
import type { AppConfig } from '../platform/config/app-config.js';
import { APP_CONFIG } from '../platform/config/config.module.js';
import type { UserEntity } from '../platform/database/entities/index.js';
import { LoginFailedError, LoginRateLimitedError, PasswordChecksBusyError, UnknownEmailError } from './auth.errors.js';
import type { CurrentUser } from './current-user.js';
import { NewUserHooks } from './new-user-hooks.js';
import { LoginThrottle, type ThrottleVerdict } from './login-throttle.js';
import { PasswordHasher } from './password-hasher.js';
import { TOKEN_STORE, type TokenStore } from './token-store.js';
import { UserRepository } from './user.repository.js';

@Injectable()
export class AuthService implements OnApplicationShutdown {
  private readonly logger = new Logger(AuthService.name);
  private readonly throttle: LoginThrottle;
  private readonly throttled = new ThrottleLog(this.logger, 'login attempts throttled');
  /** Per request being handled: its user's look-up, so that the middleware and the guard share one. */
  private readonly usersOfRequests = new WeakMap<object, Promise<CurrentUser | undefined>>();
  /** Per login request: the throttle's admission, so that the login route's middleware and the login share one. */
  private readonly admissionsOfRequests = new WeakMap<object, Promise<ThrottleVerdict>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UserRepository,
    @Inject(TOKEN_STORE) private readonly tokens: TokenStore,
    private readonly newUsers: NewUserHooks,
    private readonly passwords: PasswordHasher,
    @Inject(LIMITER_FACTORY) limiters: LimiterFactory,
  ) {
    this.throttle = new LoginThrottle(limiters, config.auth.loginAttempts);
  }

  onApplicationShutdown(): void {
    this.throttled.flush();
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
      if (adminPassword !== undefined && !(await this.passwords.verify(adminPassword, admin.password))) {
        await this.users.setPassword(admin.id, await this.passwords.hash(adminPassword));
        this.logger.log({ message: 'admin password replaced by ADMIN_PASSWORD', email: adminEmail });
      }
    } else {
      const password = adminPassword ?? randomBytes(12).toString('base64url');
      const generated = adminPassword === undefined;
      admin = await this.createUser({
        name: 'admin',
        email: adminEmail,
        password,
        isAdmin: true,
        passwordChangeRequired: generated,
      });
      if (generated) {
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
  async createUser(fields: {
    name: string;
    email: string;
    password: string;
    isAdmin: boolean;
    passwordChangeRequired?: boolean;
  }): Promise<UserEntity> {
    const passwordHash = await this.passwords.hash(fields.password);
    const user = await this.users.create({ ...fields, passwordHash });
    await this.newUsers.created(user);
    return user;
  }

  /**
   * Puts a login attempt past the throttle (see {@link LoginThrottle}), once per request: the login route's
   * middleware does it before the route's pipes run, and the login then finds the answer given. A refused attempt
   * is {@link LoginRateLimitedError}, counted in the throttle log rather than logged one by one.
   */
  async admitLogin(request: object, email: string, address: string): Promise<void> {
    let admission = this.admissionsOfRequests.get(request);
    if (!admission) {
      admission = this.throttle.admit(email.toLowerCase(), address);
      this.admissionsOfRequests.set(request, admission);
    }
    const verdict = await admission;
    if (verdict.reason) {
      this.throttled.refused({ address, reason: verdict.reason, retryAfterSeconds: verdict.waitSeconds });
      throw new LoginRateLimitedError(verdict.waitSeconds, verdict.reason);
    }
  }

  /** Checks the password and issues a token, unless the attempt is throttled (see {@link admitLogin}). */
  async login(
    request: object,
    email: string,
    password: string,
    address: string,
  ): Promise<{ token: string; name: string; email: string; uuid: string }> {
    await this.admitLogin(request, email, address);
    const account = email.toLowerCase();
    const user = await this.users.findByEmail(account);
    if (!user) throw new UnknownEmailError();
    if (!(await this.verifyCounted(account, address, password, user.password))) throw new LoginFailedError();
    await this.throttle.succeeded(account, address);
    const token = await this.tokens.issue(user.id);
    return { token, name: user.name, email: user.email, uuid: user.uuid };
  }

  /**
   * Checks the password. An attempt refused because too many checks are waiting was not checked: like a
   * throttled one, it gives its points back and counts against no one.
   */
  private async verifyCounted(account: string, address: string, password: string, hash: string): Promise<boolean> {
    try {
      return await this.passwords.verify(password, hash);
    } catch (error) {
      if (error instanceof PasswordChecksBusyError) await this.throttle.notChecked(account, address);
      throw error;
    }
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

  /**
   * The user of a link the browser opens by itself (a download): the token of the `Authorization` header when it
   * has one, else the token the link carries.
   */
  userOfLink(header: string | undefined, linkToken: string | undefined): Promise<CurrentUser | undefined> {
    const token = tokenOfHeader(header) || linkToken || '';
    return token ? this.userForToken(token) : Promise.resolve(undefined);
  }

  userForToken(token: string): Promise<CurrentUser | undefined> {
    return this.tokens.resolveUser(token);
  }
}

/** The token of an `Authorization` header: raw, as legacy clients send it, or after `Bearer`. */
export function tokenOfHeader(header: string | undefined): string {
  return header?.trim().replace(/^Bearer\s+/i, '') ?? '';
}
