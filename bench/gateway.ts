/**
 * Gateway latency over real HTTP on loopback: the gateway runs as `npm start` runs it (its own
 * process, embedded PGlite in a fresh data directory), requests are sequential, counts fixed.
 */
import { ADMIN_EMAIL, ADMIN_PASSWORD, startGateway } from '../test/e2e/harness';
import { latencyRow, timeEach, type Row } from './stats';

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
    ];
  } finally {
    await gateway.stop();
  }
}
