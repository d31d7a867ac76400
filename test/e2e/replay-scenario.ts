/**
 * A seeded day offline (issue 24, "faults"): `count` changes across five kinds of record (PMS
 * connections, packages and rate codes of a hotel, discounts and order items of a unit), creates
 * with client uuids and edits queued over the version the operator saw, in a random order that keeps
 * each record's changes in order (and a rate code after the packages it names), written as the app's
 * `enqueue` writes them (src/offline/outbox.ts); then what the gateway must hold once it is replayed.
 * The chaos a replay meets (reloads, service-worker stops, lost answers) comes from the same seed.
 */

import { newEntry } from '../../src/offline/outbox';
import type { NewOutboxEntry } from '../../src/offline/records';

/** mulberry32: a small seeded generator, the same numbers for the same seed everywhere. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

export type ReplayKind = 'pms-connection' | 'pms-package' | 'rate-code' | 'discount' | 'order-item';
export const REPLAY_KINDS: readonly ReplayKind[] = ['pms-connection', 'pms-package', 'rate-code', 'discount', 'order-item'];

/** What the gateway must hold of one record after the replay: its version, and the field its last change set. */
export interface ExpectedRecord {
  kind: ReplayKind;
  uuid: string;
  name: string;
  version: number;
  field: string;
  value: unknown;
}

export type ChaosStep = 'reload' | 'lost answer' | 'service worker stopped' | 'none';

export interface ReplayScenario {
  seed: number;
  entries: NewOutboxEntry[];
  expected: ExpectedRecord[];
  /** what happens at the first batches sent, in order */
  chaos: ChaosStep[];
  /** reload the page once while still offline */
  reloadOffline: boolean;
  counts: Record<ReplayKind, { creates: number; edits: number }>;
}

export interface ReplayPlace {
  org: string;
  hotel: string;
  /** the unit the discounts and order items belong to */
  unit: string;
  userUuid: string;
}

const CALCULATION = ['ADULT', 'PERSON', 'CHILDREN'] as const;

export function replayScenario(seed: number, count: number, place: ReplayPlace): ReplayScenario {
  const random = seeded(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const tag = `S${seed}`;
  const paths: Record<ReplayKind, string> = {
    'pms-connection': `/organization/${place.org}/pms-connection`,
    'pms-package': `/organization/${place.org}/hotel/${place.hotel}/pms-package`,
    'rate-code': `/organization/${place.org}/hotel/${place.hotel}/pms-rate-code`,
    discount: `/discount/v1/organizations/${place.org}/ous/${place.unit}/discounts`,
    'order-item': `/order-item/v1/org/${place.org}/ou/${place.unit}/order-item-definitions`,
  };
  /** a record made so far: its body as last sent, the changes it has */
  interface Made {
    kind: ReplayKind;
    uuid: string;
    name: string;
    body: Record<string, unknown>;
    changes: number;
    field: string;
    value: unknown;
  }
  const made: Made[] = [];
  const packages: string[] = [];
  const entries: NewOutboxEntry[] = [];
  const counts = Object.fromEntries(REPLAY_KINDS.map((kind) => [kind, { creates: 0, edits: 0 }])) as ReplayScenario['counts'];
  let created = Date.now();
  const push = (kind: ReplayKind, method: 'POST' | 'PUT', record: Made, label: string) => {
    const input = {
      method,
      path: method === 'POST' ? paths[kind] : `${paths[kind]}/${record.uuid}`,
      body: method === 'POST' ? { uuid: record.uuid, ...record.body } : { ...record.body },
      // an edit is queued over the version the operator saw: 1 for a record made offline (the outbox moves it on)
      ifMatch: method === 'POST' ? null : 1,
      userUuid: place.userUuid,
      orgUuid: place.org,
      label,
      recordUuid: record.uuid,
      collection: kind,
    };
    entries.push(newEntry(input, true, (created += 1)));
  };

  const create = (kind: ReplayKind): void => {
    const uuid = crypto.randomUUID();
    const index = counts[kind].creates;
    const body: Record<string, unknown> =
      kind === 'pms-connection'
        ? { name: `${tag} PMS ${index}`, type: 'MOCK_PMS_INTERFACE', host: `c${index}.${tag.toLowerCase()}.local`, port: 20_000 + index }
        : kind === 'pms-package'
          ? { externalId: `${tag}-P${index}`, calculationRule: 'ADULT' }
          : kind === 'rate-code'
            ? { name: `${tag}-R${index}`, packages: [pick(packages)] }
            : kind === 'discount'
              ? { name: `${tag} Discount ${index}`, type: 'PERCENTAGE', value: 100 + index }
              : { name: `${tag} Item ${index}`, priceMinor: 500 + index };
    const field = { 'pms-connection': 'port', 'pms-package': 'calculationRule', 'rate-code': 'packages', discount: 'value', 'order-item': 'priceMinor' }[kind];
    const record: Made = { kind, uuid, name: String(body.name ?? body.externalId), body, changes: 1, field, value: body[field] };
    made.push(record);
    if (kind === 'pms-package') packages.push(uuid);
    counts[kind].creates += 1;
    push(kind, 'POST', record, `Add ${record.name}`);
  };

  const edit = (record: Made): void => {
    const next = record.changes;
    const value =
      record.kind === 'pms-connection'
        ? 30_000 + next * 100 + made.indexOf(record) % 100
        : record.kind === 'pms-package'
          ? CALCULATION[next % CALCULATION.length]
          : record.kind === 'rate-code'
            ? [pick(packages)]
            : record.kind === 'discount'
              ? 1_000 + next
              : 900 + next;
    record.body = { ...record.body, [record.field]: value };
    record.value = value;
    record.changes += 1;
    counts[record.kind].edits += 1;
    push(record.kind, 'PUT', record, `Edit ${record.name}`);
  };

  // a package first, so that a rate code always has one to name
  create('pms-package');
  while (entries.length < count) {
    if (made.length > 0 && random() < 0.4) edit(pick(made));
    else create(pick(REPLAY_KINDS));
  }
  const expected = made.map(({ kind, uuid, name, changes, field, value }) => ({ kind, uuid, name, version: changes, field, value }));
  const steps: ChaosStep[] = ['reload', 'lost answer', 'service worker stopped', 'none'];
  // the first batch always meets one of them
  const chaos: ChaosStep[] = [pick(steps.slice(0, 3)), pick(steps), pick(steps)];
  return { seed, entries, expected, chaos, reloadOffline: random() < 0.5, counts };
}
