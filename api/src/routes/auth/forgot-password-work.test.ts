import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { JOB_SCHEMA } from '../../jobs/job-queue';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/fixtures';

/**
 * Every statement the app sends on the one PGlite connection, but the job queue's own (its polling depends on the
 * clock, and it does the same for every job). BEGIN and COMMIT are counted: the lock is held between them.
 */
function recordStatements(client: PGlite) {
  let statements: string[] = [];
  const own = (text: string) => !text.includes(`${JOB_SCHEMA}.`);
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, ...rest: unknown[]) => {
    if (own(text)) statements.push(text);
    return (query as (...args: unknown[]) => unknown)(text, ...rest);
  }) as PGlite['query'];
  client.exec = ((text: string, ...rest: unknown[]) => {
    if (own(text)) statements.push(text);
    return (exec as (...args: unknown[]) => unknown)(text, ...rest);
  }) as PGlite['exec'];
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction(async (tx) => {
      statements.push('BEGIN');
      const txQuery = tx.query.bind(tx);
      tx.query = ((text: string, ...rest: unknown[]) => {
        statements.push(text);
        return (txQuery as (...args: unknown[]) => unknown)(text, ...rest);
      }) as Transaction['query'];
      const result = await callback(tx);
      statements.push('COMMIT');
      return result;
    })) as PGlite['transaction'];
  return {
    take() {
      const taken = statements;
      statements = [];
      return taken;
    },
    stop() {
      Object.assign(client, { query, exec, transaction });
    },
  };
}

// PGlite is one connection that every request waits its turn on: work queued there for a known address, and not for
// an unknown one, slows whatever request comes next and tells an observer who has an account.
describe('forgot-password (pglite)', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ driver: 'pglite' });
  });
  after(() => t.close());

  test('a known, an unknown and a deactivated address put the same statements on the connection', async () => {
    const known = await createUser(t, { email: 'known@test.local', role: 'Operator' });
    const gone = await createUser(t, { email: 'gone@test.local', role: 'Operator' });
    await t.app.userRepository.setActive(gone.id, false);
    // Warm-up: the allow-list's state is read once and then cached.
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'warm-up@test.local' } });
    await t.app.jobs.idle();

    const recorder = recordStatements(t.connection.driver === 'pglite' ? t.connection.client : assert.fail('PGlite only'));
    const work = async (email: string) => {
      recorder.take();
      const answer = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      assert.equal(answer.statusCode, 200);
      await t.app.jobs.idle();
      return recorder.take();
    };
    try {
      const forKnown = await work(known.email);
      const forUnknown = await work('nobody@test.local');
      const forDeactivated = await work(gone.email);
      assert.ok(forKnown.length > 0);
      assert.deepEqual(forUnknown, forKnown);
      assert.deepEqual(forDeactivated, forKnown);
    } finally {
      recorder.stop();
    }

    // The same work, but only the account's owner gets a link.
    const mails = t.logs.filter((line) => line.mail).map((line) => (line.mail as { to: string }).to);
    assert.deepEqual(mails, [known.email]);
  });
});
