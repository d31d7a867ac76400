/**
 * Browser side of the draft benchmark (bench/offline.ts bundles this with esbuild and injects it
 * into a page of the real gateway's origin). It puts `window.__draftBench` on the page: n
 * sequential `saveDraft` calls (one Dexie transaction each, as a form's autosaver makes them),
 * each timed with performance.now(), and the same n puts through bare IndexedDB as the peer.
 * It measures only; bench/offline.ts turns the times into rows.
 */
import { LobbyDatabase } from '../src/offline/db';
import { saveDraft } from '../src/offline/drafts';
import type { DraftScope } from '../src/offline/records';

export type DraftSize = 'pms' | 'hotel';

export interface DraftBenchResult {
  /** milliseconds per saveDraft, in run order */
  saveDraft: number[];
  /** milliseconds per bare IndexedDB put of the same record (peer), in run order */
  rawPut: number[];
  /** JSON length of the draft value */
  bytes: number;
}

const USER = '6f1c1d0e-2b0a-4c55-9a43-0d3b9b1f7a10';
const ORG = '0b7d5a3e-8c1f-4e6a-b1d2-4f6e8a9c0d11';

/** What the PMS connection form autosaves while the operator types. */
function pmsValue(i: number) {
  return { uuid: 'b2f4c6d8-1a3e-4c5b-8d7f-9e0a1b2c3d4e', name: `Opera Main ${i}`, type: 'OPERA_IFC8_XML', host: `opera-${i % 97}.demo.local`, port: 5010 + (i % 50) };
}

/** A hotel wizard in progress: the hotel, its packages, rate codes and access services (~50 KB). */
function hotelValue(i: number) {
  const packages = Array.from({ length: 40 }, (_, p) => ({
    uuid: `0000${p}`.slice(-4) + '-package-uuid-sample-00000000000000',
    code: `PKG${p}`,
    name: `Package ${p} — breakfast, spa access and late checkout`,
    description: 'Includes a continental breakfast for two, one 60-minute spa session per stay and checkout until 2 pm when available.',
    price: 1500 + p * 25,
    currency: 'EUR',
    postingRhythm: p % 2 === 0 ? 'DAILY' : 'ONCE',
    revenueCenters: [`rvc-${p % 7}`, `rvc-${(p + 3) % 7}`],
    active: p % 5 !== 0,
  }));
  const rateCodes = Array.from({ length: 215 }, (_, r) => ({
    code: `RC${String(r).padStart(4, '0')}`,
    description: `Rate code ${r} corporate negotiated`,
    packageCodes: [`PKG${r % 40}`, `PKG${(r + 11) % 40}`],
    validFrom: '2025-01-01',
    validTo: '2026-12-31',
  }));
  const accessServices = Array.from({ length: 30 }, (_, a) => ({
    name: `Access service ${a}`,
    venueUuids: [`venue-${a % 9}`, `venue-${(a + 4) % 9}`],
    days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
    from: '06:30',
    to: '22:00',
  }));
  return {
    step: 3,
    hotel: {
      name: `Grand Hotel Lobby ${i}`,
      code: 'GHL',
      timezone: 'Europe/Amsterdam',
      currency: 'EUR',
      address: { street: 'Damrak 1', city: 'Amsterdam', postalCode: '1012 LG', country: 'NL' },
      pmsConnectionUuid: 'b2f4c6d8-1a3e-4c5b-8d7f-9e0a1b2c3d4e',
      checkInTime: '15:00',
      checkOutTime: '11:00',
    },
    packages,
    rateCodes,
    accessServices,
  };
}

const valueOf = (size: DraftSize, i: number): unknown => (size === 'pms' ? pmsValue(i) : hotelValue(i));

function openRaw(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name, 1);
    open.onupgradeneeded = () => open.result.createObjectStore('drafts', { keyPath: 'id' });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error ?? new Error('could not open'));
  });
}

/** One readwrite transaction per put, resolved when it completes (what Dexie waits for too). */
function rawPut(db: IDBDatabase, record: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction('drafts', 'readwrite');
    tx.objectStore('drafts').put(record);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('put failed'));
    tx.onabort = () => reject(tx.error ?? new Error('put aborted'));
  });
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    request.onblocked = () => resolve();
  });
}

async function draftBench(n: number, size: DraftSize): Promise<DraftBenchResult> {
  const dexieName = `lobby-bench-drafts-${size}`;
  const rawName = `lobby-bench-raw-${size}`;
  await deleteDatabase(dexieName);
  await deleteDatabase(rawName);
  const db = new LobbyDatabase(dexieName);
  await db.open();
  const raw = await openRaw(rawName);
  const scope: DraftScope = { userUuid: USER, orgUuid: ORG, kind: size === 'pms' ? 'pms-connection' : 'hotel', recordId: 'new' };
  // values are built before timing: the figure is the store, not the form
  const values = Array.from({ length: n }, (_, i) => valueOf(size, i));
  const warmUp = Math.min(50, n);
  for (let i = 0; i < warmUp; i += 1) {
    await saveDraft(scope, values[i], { baseVersion: null }, db);
    await rawPut(raw, { id: 'draft', value: values[i] });
  }
  const dexieTimes: number[] = [];
  const rawTimes: number[] = [];
  // alternate the two so drift in the machine's load hits both alike
  for (let i = 0; i < n; i += 1) {
    const value = values[i];
    let start = performance.now();
    await saveDraft(scope, value, { baseVersion: 3 }, db);
    dexieTimes.push(performance.now() - start);
    start = performance.now();
    await rawPut(raw, { ...scope, id: 'draft', value, baseVersion: 3, updatedAt: Date.now(), error: null });
    rawTimes.push(performance.now() - start);
  }
  const bytes = JSON.stringify(values[0]).length;
  db.close();
  raw.close();
  await deleteDatabase(dexieName);
  await deleteDatabase(rawName);
  return { saveDraft: dexieTimes, rawPut: rawTimes, bytes };
}

declare global {
  interface Window {
    __draftBench?: (n: number, size: DraftSize) => Promise<DraftBenchResult>;
  }
}

window.__draftBench = draftBench;
