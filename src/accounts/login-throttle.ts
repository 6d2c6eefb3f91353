import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { spend, type LimiterFactory } from '../platform/common/rate-limiter.js';
import type { LoginLimits } from '../platform/config/app-config.js';

/** Why an attempt waits: the message the client reads says which allowance ran out. */
export type ThrottleReason = 'account-and-address' | 'address' | 'account';

export interface ThrottleVerdict {
  waitSeconds: number;
  reason?: ThrottleReason;
}

/**
 * Throttles password guessing without handing anyone a way to lock an owner out (the OWASP authentication cheat
 * sheet's advice): failures are counted per account and address together, per address, and per account from
 * every address. The last is a ceiling on the guesses a crowd of addresses may make on one account; once it is
 * reached, the addresses the account logged in from before (its owner's) keep their own allowance, so others'
 * failures never lock the owner out on a device they used. Each attempt spends its points before the password
 * is checked, so that a flood is refused without hashing; a successful login gives them back.
 */
export class LoginThrottle {
  private readonly perPair: RateLimiterAbstract;
  private readonly perAddress: RateLimiterAbstract;
  private readonly perAccount: RateLimiterAbstract;
  /** Not a limit: a record, with its time to live, kept in the limits' store so that every instance shares it. */
  private readonly knownAddresses: RateLimiterAbstract;

  constructor(
    limiters: LimiterFactory,
    private readonly limits: LoginLimits,
  ) {
    const window = { durationSeconds: limits.windowSeconds, blockSeconds: limits.windowSeconds };
    this.perPair = limiters.create({ keyPrefix: 'login:pair', points: limits.perAccountAndAddress, ...window });
    this.perAddress = limiters.create({ keyPrefix: 'login:address', points: limits.perAddress, ...window });
    this.perAccount = limiters.create({ keyPrefix: 'login:account', points: limits.perAccount, ...window });
    this.knownAddresses = limiters.create({
      keyPrefix: 'login:known',
      points: 1,
      durationSeconds: limits.knownAddressSeconds,
    });
  }

  /**
   * Spends the attempt's points; how long it must wait instead of being checked (0: check it now), and why. A
   * refused attempt is not checked, so it gives back the points it spent on the allowances that had room: it
   * counts against no one.
   */
  async admit(account: string, address: string): Promise<ThrottleVerdict> {
    const pair = pairKey(account, address);
    const [known, pairWait, addressWait, accountWait] = await Promise.all([
      this.knownAddresses.get(pair).then((record) => record !== null),
      spend(this.perPair, pair),
      spend(this.perAddress, address),
      spend(this.perAccount, account),
    ]);
    const waits: [ThrottleReason, number][] = [
      ['account-and-address', pairWait],
      ['address', addressWait],
      ['account', known ? 0 : accountWait],
    ];
    const [reason, waitSeconds] = waits.reduce((longest, next) => (next[1] > longest[1] ? next : longest));
    if (waitSeconds === 0) return { waitSeconds: 0 };
    await Promise.all([
      pairWait === 0 ? this.perPair.reward(pair, 1) : undefined,
      addressWait === 0 ? this.perAddress.reward(address, 1) : undefined,
      accountWait === 0 ? this.perAccount.reward(account, 1) : undefined,
    ]);
    return { waitSeconds, reason };
  }

  /** An admitted attempt that was not checked after all (the server was busy): its points back. */
  async notChecked(account: string, address: string): Promise<void> {
    await Promise.all([
      this.perPair.reward(pairKey(account, address), 1),
      this.perAddress.reward(address, 1),
      this.perAccount.reward(account, 1),
    ]);
  }

  /** A successful login: its points back, its pair's count cleared, and its address known for the account. */
  async succeeded(account: string, address: string): Promise<void> {
    const pair = pairKey(account, address);
    await Promise.all([
      this.perPair.delete(pair),
      this.perAddress.reward(address, 1),
      this.perAccount.reward(account, 1),
      this.knownAddresses.set(pair, 1, this.limits.knownAddressSeconds),
    ]);
  }
}

/** An address holds no space, so the last space tells account and address apart: no two pairs share a key. */
function pairKey(account: string, address: string): string {
  return `${account} ${address}`;
}
