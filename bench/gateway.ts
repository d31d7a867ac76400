/**
 * Gateway latency over real HTTP on loopback: the gateway runs as `npm start` runs it (its own
 * process, embedded PGlite in a fresh data directory), requests are sequential, counts fixed.
 */
import { createTestApp, createUser } from '../server/test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startGateway } from '../test/e2e/harness';
import { latencyRow, percentile, timeEach, type Row } from './stats';

const LOGINS = 100;
const PROFILE_READS = 1000;
const ORGANIZATION_READS = 1000;

export async function gatewayBench(): Promise<Row[]> {
  const gateway = await startGateway({ LOG_LEVEL: 'warn' });
  try {
    const login = () =>
      fetch(`${gateway.url}/api/authentication/v1/users/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      });
    // warm-up: JIT, connection pool, first argon2 call
    for (let i = 0; i < 5; i += 1) await (await login()).arrayBuffer();
    const logins = await timeEach(LOGINS, async () => {
      const res = await login();
      if (res.status !== 200) throw new Error(`login answered ${res.status}`);
      await res.arrayBuffer();
    });
    const session = (await (await login()).json()) as { token: string };
    const authed = (path: string) => async () => {
      const res = await fetch(`${gateway.url}/api${path}`, { headers: { authorization: `Bearer ${session.token}` } });
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      await res.arrayBuffer();
    };
    const profilePath = '/user-profile/v1/user-profile?includeOuDescendants=true&includeOrgDescendants=true';
    for (let i = 0; i < 50; i += 1) await authed(profilePath)();
    const profiles = await timeEach(PROFILE_READS, authed(profilePath));
    const organizations = await timeEach(ORGANIZATION_READS, authed('/organization/v1/organization'));
    return [
      latencyRow('gateway: login (argon2id verify)', logins, 'POST /api/authentication/v1/users/tokens'),
      latencyRow('gateway: user profile', profiles, 'GET /api/user-profile/v1/user-profile'),
      latencyRow('gateway: organization list', organizations, 'GET /api/organization/v1/organization'),
      ...(await resetTimingRows()),
    ];
  } finally {
    await gateway.stop();
  }
}

const RESET_PAIRS = 40;

/**
 * Whether a password-reset request tells, by the time it costs the request after it, that an
 * address has an account: the request right after one for a known address against the request
 * right after one for an unknown address (the work runs after the answer, on the same database).
 */
async function resetTimingRows(): Promise<Row[]> {
  const quick = await createTestApp({ limits: { codeRequestsPerAddress: 10_000, publicRequestsPerMinute: 10_000 } });
  try {
    await createUser(quick.db, { email: 'timed@example.com', password: 'Timed-Password1' });
    const url = '/api/authentication/v1/users/request-activation-code';
    const ask = (email: string, remoteAddress: string) => quick.app.inject({ method: 'POST', url, payload: { email }, remoteAddress });
    const nextAfter = async (email: string, i: number) => {
      await ask(email, `10.3.${i % 250}.1`);
      const started = performance.now();
      await ask('probe@example.com', `10.4.${i % 250}.1`);
      const elapsed = performance.now() - started;
      await quick.app.lobby.settle();
      return elapsed;
    };
    for (let i = 0; i < 5; i += 1) await nextAfter(`warm${i}@example.com`, i);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < RESET_PAIRS; i += 1) {
      known.push(await nextAfter('timed@example.com', i));
      unknown.push(await nextAfter(`nobody${i}@example.com`, i));
    }
    known.sort((a, b) => a - b);
    unknown.sort((a, b) => a - b);
    const ratio = percentile(known, 50) / percentile(unknown, 50);
    return [
      { ...latencyRow('password reset: next request after a known address', known, 'in-process gateway, PGlite'), figure: `${ratio.toFixed(2)}× after an unknown one` },
      latencyRow('password reset: next request after an unknown address', unknown, 'the same work, rolled back: no mail'),
    ];
  } finally {
    await quick.close();
  }
}
