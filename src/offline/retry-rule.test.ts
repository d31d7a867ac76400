import { describe, expect, it } from 'vitest';
import { mayAttempt, nextBackoff, retryDelay, RETRY_MAX_MS, sendsAtOnce, type SyncTrigger } from './retry-rule';

const NOW = 1_000_000;

describe('retryDelay', () => {
  it('doubles from 2 s and stays at 60 s, without jitter at the top of its range', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((failures) => retryDelay(failures, () => 0))).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('shortens each delay by up to a fifth at random, never past the cap', () => {
    expect(retryDelay(1, () => 1)).toBe(1_600);
    expect(retryDelay(3, () => 0.5)).toBe(7_200);
    for (let failures = 1; failures < 12; failures += 1) {
      const delay = retryDelay(failures, Math.random);
      expect(delay).toBeLessThanOrEqual(RETRY_MAX_MS);
      expect(delay).toBeGreaterThanOrEqual(retryDelay(failures, () => 0) * 0.8);
    }
  });
});

describe('nextBackoff', () => {
  it('counts the attempts in a row without an answer and sets when the next may go', () => {
    const first = nextBackoff(null, NOW, () => 0);
    expect(first).toEqual({ failures: 1, until: NOW + 2_000 });
    expect(nextBackoff(first, NOW + 2_000, () => 0)).toEqual({ failures: 2, until: NOW + 6_000 });
  });

  it('retries a change kept offline for 34 s at most 5 times (8 before), and fewer as the time grows', () => {
    let backoff = nextBackoff(null, 0, () => 0.5);
    let attempts = 1;
    while (backoff.until <= 34_000) {
      backoff = nextBackoff(backoff, backoff.until, () => 0.5);
      attempts += 1;
    }
    expect(attempts).toBeLessThanOrEqual(5);
    // an hour offline: about one attempt a minute
    while (backoff.until <= 3_600_000) {
      backoff = nextBackoff(backoff, backoff.until, () => 0.5);
      attempts += 1;
    }
    expect(attempts).toBeLessThan(75);
  });
});

describe('mayAttempt', () => {
  const backoff = { failures: 3, until: NOW + 5_000 };
  const automatic: SyncTrigger[] = ['queued', 'visible', 'start', 'timer', 'worker'];
  const atOnce: SyncTrigger[] = ['manual', 'online', 'reachable', 'background-sync'];

  it('holds every automatic trigger until the backoff is due', () => {
    for (const trigger of automatic) {
      expect(mayAttempt({ trigger, now: NOW, browserOnline: true, backoff })).toBe(false);
      expect(mayAttempt({ trigger, now: NOW + 5_000, browserOnline: true, backoff })).toBe(true);
      expect(mayAttempt({ trigger, now: NOW, browserOnline: true, backoff: null })).toBe(true);
    }
  });

  it('sends nothing automatically while the browser is offline: its online event sends', () => {
    for (const trigger of automatic) expect(mayAttempt({ trigger, now: NOW, browserOnline: false, backoff: null })).toBe(false);
    expect(mayAttempt({ trigger: 'online', now: NOW, browserOnline: true, backoff })).toBe(true);
  });

  it('sends at once when connectivity returns or the operator asks, whatever the backoff', () => {
    for (const trigger of atOnce) {
      expect(sendsAtOnce(trigger)).toBe(true);
      expect(mayAttempt({ trigger, now: NOW, browserOnline: true, backoff })).toBe(true);
    }
    for (const trigger of automatic) expect(sendsAtOnce(trigger)).toBe(false);
  });
});
