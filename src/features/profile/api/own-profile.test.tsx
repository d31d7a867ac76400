import { describe, expect, it } from 'vitest';
import { isApiError } from '../../../api';
import { gatewayError } from '../../../../test/fake-gateway';
import { fakeGateway } from '../../../../test/render';
import { signedIn } from '../profile-test-gateway';
import { requestPhoneChange } from './own-profile';

describe('profile calls (spec section 7)', () => {
  it('fail with status 403 and a message when there is no answer', async () => {
    signedIn();
    fakeGateway(() => {
      throw new TypeError('Failed to fetch');
    });
    const error: unknown = await requestPhoneChange('41791234567').catch((caught: unknown) => caught);
    expect(isApiError(error)).toBe(true);
    expect(isApiError(error) && error.status).toBe(403);
    expect(isApiError(error) && error.network).toBe(true);
    expect(error instanceof Error && error.message.length).toBeGreaterThan(0);
  });

  it("keep the gateway's own status and message when it answered", async () => {
    signedIn();
    fakeGateway(() => gatewayError(400, 'validation', 'Enter a telephone number', 'telephone'));
    const error: unknown = await requestPhoneChange('41791234567').catch((caught: unknown) => caught);
    expect(isApiError(error) && error.status).toBe(400);
    expect(isApiError(error) && error.fieldMessage('telephone')).toBe('Enter a telephone number');
  });
});
