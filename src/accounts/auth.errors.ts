import { AppError } from '../platform/common/app-error.js';
import type { ThrottleReason } from './login-throttle.js';

export class LoginFailedError extends AppError {
  readonly code = 'A0004';
  constructor() {
    super('登陆失败，账号或密码错误 Login failed: wrong email or password.');
  }
}

/** No account has this e-mail address (the legacy server's code for it). */
export class UnknownEmailError extends AppError {
  readonly code = 'A0007';
  constructor() {
    super('账号不存在 No account has this e-mail address; check it, or ask an admin for an account.');
  }
}

const THROTTLE_REASONS: Record<ThrottleReason, string> = {
  'account-and-address': 'Too many failed logins on this account from your address',
  address: 'Too many failed logins from your address',
  account: 'Too many failed logins on this account from addresses it was never used from',
};

/** Too many failed logins: on the account from this address, from this address, or on the account from anywhere. */
export class LoginRateLimitedError extends AppError {
  readonly code = 'LOGIN_RATE_LIMITED';
  constructor(
    override readonly retryAfterSeconds: number,
    reason: ThrottleReason,
  ) {
    super(`失败次数太多 ${THROTTLE_REASONS[reason]}; try again in ${retryAfterSeconds} s.`);
  }
}

/** A route for admins only, called by someone else. */
export class AdminOnlyError extends AppError {
  readonly code = 'A0016';
  constructor() {
    super('Only an admin may call this; log in as an admin (see ADMIN_EMAIL).');
  }
}

export class EmailTakenError extends AppError {
  readonly code = 'A0013';
  constructor() {
    super('用户已存在 An account with this e-mail exists already; log in, or register with another e-mail.');
  }
}

export class RegistrationClosedError extends AppError {
  readonly code = 'REGISTRATION_DISABLED';
  constructor() {
    super('注册已关闭 Registration is turned off on this server; ask an administrator for an account.');
  }
}

/** Too many registrations from one client address. */
export class RegistrationRateLimitedError extends AppError {
  readonly code = 'REGISTER_RATE_LIMITED';
  constructor(override readonly retryAfterSeconds: number) {
    super(`注册次数太多 Too many accounts registered from your address; try again in ${retryAfterSeconds} s.`);
  }
}

/**
 * More password checks are waiting than the server lets queue (see PasswordHasher): nothing was checked. Answered
 * as {@link LoginRateLimitedError} is, HTTP 200 with `Retry-After`, so that the stock frontend shows the message.
 */
export class PasswordChecksBusyError extends AppError {
  readonly code = 'PASSWORD_CHECKS_BUSY';
  constructor(override readonly retryAfterSeconds: number) {
    super(`服务繁忙 Too many password checks are waiting on the server; try again in ${retryAfterSeconds} s.`);
  }
}
