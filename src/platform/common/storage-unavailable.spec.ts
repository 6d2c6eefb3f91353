import { QueryFailedError } from 'typeorm';
import { errorText } from './app-error.js';
import { isStorageUnavailable } from './storage-unavailable.js';

const pgError = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isStorageUnavailable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a connection cut under a query', new Error('Connection terminated unexpectedly')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
    ['an administrator shutdown (57P01) in a failed query', new QueryFailedError('SELECT 1', [], pgError('57P01'))],
    ['a server that cannot connect now (57P03)', pgError('57P03', 'the database system is starting up')],
    ['a connection exception (class 08)', pgError('08006')],
    ['an outage wrapped as the cause of another error', new Error('store failed', { cause: pgError('08001') })],
  ])('says yes for %s', (_, error) => {
    expect(isStorageUnavailable(error)).toBe(true);
  });

  it.each([
    ['a value too long (22001)', new QueryFailedError('INSERT', [], pgError('22001'))],
    ['a unique violation (23505)', pgError('23505')],
    ['a deadlock (40P01)', pgError('40P01')],
    ['a plain failure', new Error('boom')],
    ['not an error', 'ECONNREFUSED'],
  ])('says no for %s', (_, error) => {
    expect(isStorageUnavailable(error)).toBe(false);
  });

  it('makes an outage after [START] an [ERROR] STORAGE_FAILED, not INTERNAL_ERROR', () => {
    expect(errorText(new Error('Connection terminated unexpectedly'))).toMatch(/^STORAGE_FAILED: /);
    expect(errorText(new Error('boom'))).toMatch(/^INTERNAL_ERROR: /);
  });
});
