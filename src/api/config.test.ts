import { afterEach, describe, expect, it } from 'vitest';
import { apiBaseUrl } from './config';

const global = globalThis as { window?: { __LOBBY_CONFIG__?: unknown } };

describe('apiBaseUrl', () => {
  afterEach(() => {
    delete global.window;
  });

  it("is '/api' on the same origin by default", () => {
    expect(apiBaseUrl()).toBe('/api');
    global.window = {};
    expect(apiBaseUrl()).toBe('/api');
  });

  it('follows the runtime config, without a trailing slash', () => {
    global.window = { __LOBBY_CONFIG__: { apiBaseUrl: 'https://gateway.example.com/api/' } };
    expect(apiBaseUrl()).toBe('https://gateway.example.com/api');
  });

  it('ignores a config of the wrong shape', () => {
    global.window = { __LOBBY_CONFIG__: { apiBaseUrl: 42 } };
    expect(apiBaseUrl()).toBe('/api');
  });
});
