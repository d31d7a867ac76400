/**
 * Outbox tests' databases: a fresh one in fake-indexeddb for each test of a file, closed after it,
 * with the drainer's memory of which gateways lack the batch route forgotten.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach } from 'vitest';
import { LobbyDatabase } from '../src/offline/db';
import { forgetBatchSupport } from '../src/offline/drain';

export function outboxDatabases(prefix: string): () => LobbyDatabase {
  let current: LobbyDatabase | null = null;
  let counter = 0;
  afterEach(() => {
    current?.close();
    current = null;
    forgetBatchSupport();
  });
  return () => (current = new LobbyDatabase(`${prefix}-${(counter += 1)}`, { indexedDB, IDBKeyRange }));
}
