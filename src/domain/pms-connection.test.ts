import { describe, expect, it } from 'vitest';
import {
  isPmsConnectionNameTaken,
  PMS_CONNECTION_KIND,
  PMS_CONNECTION_MESSAGES,
  PMS_CONNECTION_TYPE_LABELS,
  PMS_CONNECTION_TYPES,
  pmsConnectionCreateSchema,
  pmsConnectionFieldErrors,
  pmsConnectionInputSchema,
  pmsConnectionListResponseSchema,
  pmsConnectionNameKey,
  pmsConnectionSchema,
} from './index';

const valid = { name: 'Opera Main', type: 'OPERA_IFC8_XML', host: 'opera.demo.local', port: 5010 };

describe('PMS connection types', () => {
  it('are the three of the spec with their labels', () => {
    expect(PMS_CONNECTION_TYPES).toEqual(['OPERA_IFC8_XML', 'OPERA_IFC8_XML_AGENT', 'MOCK_PMS_INTERFACE']);
    expect(PMS_CONNECTION_TYPES.map((type) => PMS_CONNECTION_TYPE_LABELS[type])).toEqual(['OPERA IFC8 XML', 'OPERA IFC8 XML AGENT', 'MOCK (for testing)']);
  });
});

describe('pmsConnectionInputSchema', () => {
  it('accepts a valid connection and trims name and host', () => {
    expect(pmsConnectionInputSchema.parse({ ...valid, name: '  Opera Main ', host: ' opera.demo.local ' })).toEqual(valid);
  });

  it('drops unknown members', () => {
    expect(pmsConnectionInputSchema.parse({ ...valid, orgUuid: 'x', version: 9 })).toEqual(valid);
  });

  it.each(['localhost', '10.0.0.12', 'pms-1.hotel.example.com', 'OPERA', '::1', '2001:db8::42', '[fe80::1]', 'fqdn.example.'])('accepts the host %s', (host) => {
    expect(pmsConnectionInputSchema.safeParse({ ...valid, host }).success).toBe(true);
  });

  it.each(['http://opera.local', 'opera.local:5010', 'opera local', '-opera.local', 'opera..local', 'opéra.local', 'a/b', `${'a'.repeat(64)}.local`])(
    'refuses the host %s',
    (host) => {
      expect(pmsConnectionFieldErrors({ ...valid, host })).toEqual({ host: PMS_CONNECTION_MESSAGES.hostInvalid });
    },
  );

  it.each(['0.0.0.0', '255.255.255.255', '192.168.1.10', '10.0.0.12'])('accepts the IPv4 address %s', (host) => {
    expect(pmsConnectionFieldErrors({ ...valid, host })).toEqual({});
  });

  it.each(['999.999.999.999', '256.1.1.1', '10.0.0', '1.2.3.4.5', '10.0.0.1.', '010.0.0.1', '12345', '1..2.3'])(
    'refuses %s, which looks like an IPv4 address and is none, with the IPv4 message',
    (host) => {
      expect(pmsConnectionFieldErrors({ ...valid, host })).toEqual({ host: PMS_CONNECTION_MESSAGES.ipv4Invalid });
      expect(PMS_CONNECTION_MESSAGES.ipv4Invalid).toBe('Enter a valid IPv4 address: four numbers from 0 to 255, such as 10.0.0.12');
      // one message per problem, also where the gateway lists every issue
      const result = pmsConnectionInputSchema.safeParse({ ...valid, host });
      expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([PMS_CONNECTION_MESSAGES.ipv4Invalid]);
    },
  );

  it('accepts host names that only start or end with digits', () => {
    for (const host of ['1.2.3.4.example.com', '10-0-0-1.hotel.example', '3com.example', 'opera1']) {
      expect(pmsConnectionFieldErrors({ ...valid, host }), host).toEqual({});
    }
  });

  it('accepts ports 1 and 65535 only as whole numbers', () => {
    expect(pmsConnectionInputSchema.safeParse({ ...valid, port: 1 }).success).toBe(true);
    expect(pmsConnectionInputSchema.safeParse({ ...valid, port: 65535 }).success).toBe(true);
    for (const port of [0, -1, 65536, 70000, 50.5, Number.NaN, '5010', null, undefined]) {
      expect(pmsConnectionFieldErrors({ ...valid, port })).toEqual({ port: 'Port must be a whole number from 1 to 65535' });
    }
  });

  it('accepts a name of 100 characters, not 101', () => {
    expect(pmsConnectionInputSchema.safeParse({ ...valid, name: 'n'.repeat(100) }).success).toBe(true);
    expect(pmsConnectionFieldErrors({ ...valid, name: 'n'.repeat(101) })).toEqual({ name: 'Name can have at most 100 characters' });
  });
});

describe('pmsConnectionFieldErrors', () => {
  it('is empty for a valid connection', () => {
    expect(pmsConnectionFieldErrors(valid)).toEqual({});
  });

  it('names every field of an empty form with its first message', () => {
    expect(pmsConnectionFieldErrors({ name: '   ', type: '', host: '', port: '' })).toEqual({
      name: 'Name is required',
      type: 'Select a connection type',
      host: 'Host is required',
      port: 'Port must be a whole number from 1 to 65535',
    });
    expect(pmsConnectionFieldErrors({})).toEqual({
      name: 'Name is required',
      type: 'Select a connection type',
      host: 'Host is required',
      port: 'Port must be a whole number from 1 to 65535',
    });
  });

  it('treats something that is not an object as an empty form', () => {
    expect(Object.keys(pmsConnectionFieldErrors(null)).sort()).toEqual(['host', 'name', 'port', 'type']);
  });

  it('refuses an unknown type', () => {
    expect(pmsConnectionFieldErrors({ ...valid, type: 'FIDELIO' })).toEqual({ type: 'Select a connection type' });
  });

  it('says host is too long as invalid', () => {
    const host = Array.from({ length: 64 }, () => 'abc').join('.');
    expect(host.length).toBeGreaterThan(253);
    expect(pmsConnectionFieldErrors({ ...valid, host })).toEqual({ host: 'Enter a host name or IP address' });
  });
});

describe('pmsConnectionCreateSchema', () => {
  it('keeps an optional client uuid in lower case', () => {
    const uuid = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';
    expect(pmsConnectionCreateSchema.parse({ ...valid, uuid })).toEqual({ ...valid, uuid: uuid.toLowerCase() });
    expect(pmsConnectionCreateSchema.parse(valid)).toEqual(valid);
    expect(pmsConnectionCreateSchema.safeParse({ ...valid, uuid: 'not-a-uuid' }).success).toBe(false);
  });

  it('refuses the nil uuid as a client uuid, naming the field', () => {
    const result = pmsConnectionCreateSchema.safeParse({ ...valid, uuid: '00000000-0000-0000-0000-000000000000' });
    expect(result.success).toBe(false);
    expect(result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path, message: issue.message }))).toEqual([
      { path: ['uuid'], message: 'The nil uuid cannot identify a connection: send another uuid, or none' },
    ]);
  });
});

describe('pmsConnectionSchema', () => {
  it('describes a stored connection and the list answer', () => {
    const record = { ...valid, uuid: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', orgUuid: '6ba7b810-9dad-41d1-80b4-00c04fd430c8', version: 1 };
    expect(pmsConnectionSchema.parse(record)).toEqual(record);
    expect(pmsConnectionListResponseSchema.parse({ data: [record] })).toEqual({ data: [record] });
    expect(pmsConnectionSchema.safeParse({ ...record, version: 1.5 }).success).toBe(false);
  });
});

describe('the unique-name rule', () => {
  const connections = [
    { uuid: 'a', name: 'Opera Main' },
    { uuid: 'b', name: 'Mock PMS' },
  ];

  it('compares names trimmed and without case', () => {
    expect(pmsConnectionNameKey('  Opera MAIN ')).toBe('opera main');
    expect(isPmsConnectionNameTaken('opera main', connections)).toBe(true);
    expect(isPmsConnectionNameTaken('  OPERA Main  ', connections)).toBe(true);
    expect(isPmsConnectionNameTaken('Opera Spa', connections)).toBe(false);
  });

  it('lets a connection keep its own name, also in another case, but not take another one', () => {
    expect(isPmsConnectionNameTaken('Opera Main', connections, 'a')).toBe(false);
    expect(isPmsConnectionNameTaken('OPERA MAIN', connections, 'a')).toBe(false);
    expect(isPmsConnectionNameTaken('Mock PMS', connections, 'a')).toBe(true);
  });

  it('leaves an empty name to the required rule', () => {
    expect(isPmsConnectionNameTaken('   ', [{ uuid: 'x', name: '' }])).toBe(false);
  });

  it('has its message, and the kind the outbox and drafts file connections under', () => {
    expect(PMS_CONNECTION_MESSAGES.nameTaken).toBe('Another PMS connection of this organization already has this name');
    expect(PMS_CONNECTION_KIND).toBe('pms-connection');
  });
});
