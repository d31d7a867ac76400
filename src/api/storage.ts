/** The part of the Web Storage API the app uses; localStorage in the browser, a Map in tests. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** An in-memory storage: for tests, and as a fallback where the browser refuses localStorage. */
export function createMemoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
    key: (index) => [...values.keys()][index] ?? null,
    get length() {
      return values.size;
    },
  };
}

/** localStorage when the browser allows it (it throws in some privacy modes), else memory. */
export function browserStorage(): KeyValueStorage {
  try {
    if (typeof localStorage !== 'undefined') {
      localStorage.getItem('lobby.probe');
      return localStorage;
    }
  } catch {
    // fall through: the session then lasts as long as the tab
  }
  return createMemoryStorage();
}

/** Every key under `prefix`, read before any removal (removing shifts the indexes). */
export function keysWithPrefix(storage: KeyValueStorage, prefix: string): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null && key.startsWith(prefix)) keys.push(key);
  }
  return keys;
}
