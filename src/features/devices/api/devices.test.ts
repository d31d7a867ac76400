import { describe, expect, it } from 'vitest';
import type { Device } from '../../../domain';
import type { OutboxEntry } from '../../../offline';
import { organizationDevices, organizationDevicesScopeOf, unitDevices, unitScopeOf } from './devices';

const ORG = '11111111-1111-4111-8111-111111111111';
const device: Device = { uuid: '33333333-3333-4333-8333-333333333333', version: 2, alias: 'Bar 1', serial: 'LBY1', model: 'PAX', status: 'ONLINE', orgUuid: ORG, ouUuids: [], lastSeen: null };

function entry(path: string, body: unknown): OutboxEntry {
  return {
    seq: 1, id: 'e1', idempotencyKey: 'k1', method: 'PUT', path, body, ifMatch: 2, userUuid: 'u', orgUuid: ORG, created: 0, attempts: 0,
    status: 'pending', lastError: null, lastStatus: null, problem: null, errorMessages: [], label: '', recordUuid: '33333333-3333-4333-8333-333333333333', collection: 'device',
    original: null, theirs: null, draft: null, backoff: null, summary: null,
  };
}

describe('device client resources', () => {
  it('reads the gateway\'s { devices } answer as a list, with or without the unassigned devices', () => {
    expect(organizationDevices.declaration.list.parse({ devices: [device] })).toEqual({ data: [device] });
    const scope = organizationDevicesScopeOf(ORG, true);
    expect(organizationDevices.declaration.listPath?.(scope)).toBe(`/device/v1/organizations/${ORG}/devices?includeUnassigned=TRUE`);
    expect(organizationDevices.keys.list('u', scope)).toEqual(['devices', 'u', ORG, 'TRUE']);
    expect(unitDevices.path(unitScopeOf(ORG, 'ou1'))).toBe('/device/v1/ous/ou1/devices');
  });

  it('shows a queued assignment with its new alias, pending', () => {
    const rows = organizationDevices.applyQueued([device], [entry(`/device/v1/organizations/${ORG}/devices/33333333-3333-4333-8333-333333333333/assign`, { alias: ' Bar One ', organizationUuid: ORG })], organizationDevicesScopeOf(ORG));
    expect(rows).toEqual([{ ...device, alias: 'Bar One', pending: true, removal: null }]);
  });

  it('shows a queued unassignment as a removal (struck through, with Undo), and a queued assignment of a free device as the organization\'s', () => {
    const scope = organizationDevicesScopeOf(ORG, true);
    const unassign = { ...entry(`/device/v1/organizations/${ORG}/devices/${device.uuid}/unassign`, { alias: 'Bar 1', organizationUuid: ORG }), seq: 7 };
    expect(organizationDevices.applyQueued([device], [unassign], scope)).toEqual([{ ...device, pending: false, removal: { seq: 7, sending: false } }]);
    const free: Device = { ...device, alias: '', orgUuid: null };
    const assign = entry(`/device/v1/organizations/${ORG}/devices/${device.uuid}/assign`, { alias: 'Pool', organizationUuid: ORG });
    expect(organizationDevices.applyQueued([free], [assign], scope)).toEqual([{ ...free, alias: 'Pool', orgUuid: ORG, pending: true, removal: null }]);
  });
});
