import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import bcrypt from 'bcryptjs';
import { randomBytes } from 'node:crypto';
import { AppError } from '../common/app-error.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { ConversationRepository } from '../conversation/conversation.repository.js';
import type { UserEntity } from '../database/entities/index.js';
import { SampleKnowledgeBase } from '../knowledge/sample-knowledge-base.js';
import type { CurrentUser } from './current-user.js';
import { TOKEN_STORE, type TokenStore } from './token-store.js';
import { UserRepository } from './user.repository.js';

export class LoginFailedError extends AppError {
  readonly code = 'A0004';
  constructor() {
    super('登陆失败，账号或密码错误 Login failed: wrong email or password.');
  }
}

const BCRYPT_ROUNDS = 10;
export const DEFAULT_CONVERSATION_TITLE = '通用智能助手';

@Injectable()
export class AuthService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UserRepository,
    private readonly conversations: ConversationRepository,
    @Inject(TOKEN_STORE) private readonly tokens: TokenStore,
    private readonly sample: SampleKnowledgeBase,
  ) {}

  /**
   * Creates the admin on first start (with no password configured, generates one and logs it this once), and the
   * sample knowledge base, attached to the admin's first conversation.
   */
  async onApplicationBootstrap(): Promise<void> {
    const { adminEmail, adminPassword } = this.config.auth;
    let admin = await this.users.findByEmail(adminEmail);
    if (admin) {
      // A configured password is the admin's password: setting it again is how a lost one is replaced.
      if (adminPassword !== undefined && !(await bcrypt.compare(adminPassword, admin.password))) {
        await this.users.setPassword(admin.id, await bcrypt.hash(adminPassword, BCRYPT_ROUNDS));
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
    if (await this.sample.find()) return;
    const sample = await this.sample.ensure(admin);
    const [first] = await this.conversations.listByUser(admin.id);
    if (sample && first && first.kbIds === '') await this.conversations.update(first, { kbIds: [sample.id] });
  }

  /** A new user, with one default conversation (the sample knowledge base attached) so that chat works at once. */
  async createUser(fields: { name: string; email: string; password: string; isAdmin: boolean }): Promise<UserEntity> {
    const passwordHash = await bcrypt.hash(fields.password, BCRYPT_ROUNDS);
    const user = await this.users.create({ ...fields, passwordHash });
    const sample = await this.sample.find();
    await this.conversations.create(user.id, { title: DEFAULT_CONVERSATION_TITLE, kbIds: sample ? [sample.id] : [] });
    return user;
  }

  async login(email: string, password: string): Promise<{ token: string; name: string; email: string; uuid: string }> {
    const user = await this.users.findByEmail(email);
    if (!user || !(await bcrypt.compare(password, user.password))) throw new LoginFailedError();
    const token = await this.tokens.issue(user.id);
    return { token, name: user.name, email: user.email, uuid: user.uuid };
  }

  async userForToken(token: string): Promise<CurrentUser | undefined> {
    const userId = await this.tokens.resolve(token);
    const user = userId === undefined ? null : await this.users.findById(userId);
    if (!user) return undefined;
    return { id: user.id, uuid: user.uuid, name: user.name, email: user.email, isAdmin: user.isAdmin };
  }
}
