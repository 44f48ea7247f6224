import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/db/sql-state.ts';

// What counts as the database being away (answered 503, retried by the client) and what is a fault (500).
describe('isDatabaseUnavailable', () => {
  const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  it.each([
    ['57P01 admin shutdown', pgError('57P01', 'terminating connection due to administrator command')],
    ['57P03 cannot connect now', pgError('57P03', 'the database system is starting up')],
    ['08006 connection failure', pgError('08006')],
    ['ECONNREFUSED', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a terminated connection', new Error('Connection terminated unexpectedly')],
    ['wrapped by Drizzle', Object.assign(new Error('Failed query: select 1'), { cause: pgError('57P01') })],
  ])('%s: yes', (_, error) => expect(isDatabaseUnavailable(error)).toBe(true));
  it.each([
    ['a unique violation', pgError('23505')],
    ['a serialization failure (retried inside)', pgError('40001')],
    ['a syntax error', pgError('42601')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'nope'],
  ])('%s: no', (_, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
