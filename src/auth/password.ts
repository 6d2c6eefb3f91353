import bcrypt from 'bcrypt';

/**
 * Password hashes (bcrypt, compatible with the legacy server's). The native binding does the hashing on libuv's
 * thread pool, so a burst of logins does not hold up other requests the way hashing in JavaScript would.
 */
const ROUNDS = 10;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, ROUNDS);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
