import { describe, expect, it } from 'vitest';
import { createSessionStore } from '../api/session-store';
import { createMemoryStorage } from '../api/storage';
import { makeSession } from '../../test/fake-gateway';
import { clearCacheOnUserChange, createQueryClient } from './query-client';

describe('clearCacheOnUserChange', () => {
  it('drops cached answers when the user changes, not when the token is refreshed', () => {
    const sessions = createSessionStore(createMemoryStorage());
    const queryClient = createQueryClient();
    clearCacheOnUserChange(queryClient, sessions);
    const cached = () => queryClient.getQueryData(['organizations']);

    queryClient.setQueryData(['organizations'], ['anonymous']);
    sessions.set(makeSession());
    expect(cached()).toBeUndefined();

    queryClient.setQueryData(['organizations'], ['ann']);
    sessions.set(makeSession());
    expect(cached()).toEqual(['ann']);

    sessions.clear();
    expect(cached()).toBeUndefined();
  });
});
