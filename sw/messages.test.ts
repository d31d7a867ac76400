import { describe, expect, it } from 'vitest';
import { parseClientMessage } from './messages';

describe('parseClientMessage', () => {
  it('knows the skip-waiting and replay requests', () => {
    expect(parseClientMessage({ type: 'SKIP_WAITING' })).toEqual({ type: 'SKIP_WAITING' });
    expect(parseClientMessage({ type: 'lobby:replay' })).toEqual({ type: 'lobby:replay' });
  });

  it('ignores anything else', () => {
    for (const data of [null, 'SKIP_WAITING', { type: 'lobby:wipe' }, { kind: 'SKIP_WAITING' }]) expect(parseClientMessage(data)).toBeNull();
  });
});
