/**
 * Keeps a standalone phone across page loads in IndexedDB (via idb). Never used for pages the
 * bridge drives. The hydrate race: a stored snapshot that arrives after the state was replaced
 * (reset/setState/restore bumped the epoch) is dropped, never applied over injected state.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Phone } from './phone.svelte.ts';

export const PHONE_DB_NAME = 'phonegym-phone';
export const PHONE_DB_VERSION = 1;

interface PhoneDb extends DBSchema {
  snapshots: {
    key: string;
    value: { snapshot: string; revision: number };
  };
}

export function openPhoneDb(name = PHONE_DB_NAME): Promise<IDBPDatabase<PhoneDb>> {
  const db: Promise<IDBPDatabase<PhoneDb>> = openDB<PhoneDb>(name, PHONE_DB_VERSION, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) database.createObjectStore('snapshots');
    },
    blocking() {
      // A newer page wants to upgrade: step aside.
      void db.then((d) => d.close());
    },
  });
  return db;
}

export type HydrateOutcome = 'restored' | 'empty' | 'discarded';

export interface PersistenceOptions {
  /** Record key, e.g. `seed:1`: one saved phone per seed. */
  key: string;
  dbName?: string;
  /** Coalesce bursts of changes (typing) into one write. */
  debounceMs?: number;
}

export class PhonePersistence {
  readonly #phone: Phone;
  readonly #key: string;
  readonly #debounceMs: number;
  readonly #dbName: string;
  #db: Promise<IDBPDatabase<PhoneDb>> | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #unsubscribe: (() => void) | null = null;
  #pending: Promise<void> = Promise.resolve();

  constructor(phone: Phone, opts: PersistenceOptions) {
    this.#phone = phone;
    this.#key = opts.key;
    this.#dbName = opts.dbName ?? PHONE_DB_NAME;
    this.#debounceMs = opts.debounceMs ?? 250;
  }

  #open(): Promise<IDBPDatabase<PhoneDb>> {
    return (this.#db ??= openPhoneDb(this.#dbName));
  }

  /** Loads the saved phone, unless the state was replaced while it loaded. */
  async hydrate(): Promise<HydrateOutcome> {
    const epoch = this.#phone.epoch;
    const db = await this.#open();
    const record = await db.get('snapshots', this.#key);
    if (this.#phone.epoch !== epoch) return 'discarded';
    if (!record) return 'empty';
    try {
      this.#phone.restore(record.snapshot);
    } catch (e) {
      console.warn(`phonegym: ignoring an unreadable saved phone (${(e as Error).message})`);
      return 'empty';
    }
    return 'restored';
  }

  /** Saves after every change (debounced). Call after `hydrate` so a fresh state never overwrites the saved one first. */
  start(): void {
    if (this.#unsubscribe) return;
    this.#unsubscribe = this.#phone.onChange(() => this.#schedule());
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** Writes now; resolves when the write is committed. */
  save(): Promise<void> {
    const value = { snapshot: this.#phone.snapshot(), revision: this.#phone.revision };
    this.#pending = this.#pending.catch(() => {}).then(async () => {
      const db = await this.#open();
      await db.put('snapshots', value, this.#key);
    });
    return this.#pending;
  }

  /** Writes a scheduled save now (if any) and waits for every write so far. */
  flush(): Promise<void> {
    if (this.#timer !== null) {
      clearTimeout(this.#timer);
      this.#timer = null;
      return this.save();
    }
    return this.#pending;
  }

  async close(): Promise<void> {
    this.stop();
    await this.#pending.catch(() => {});
    if (this.#db) (await this.#db).close();
    this.#db = null;
  }

  #schedule(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.save().catch((e) => console.warn(`phonegym: could not save the phone (${(e as Error).message})`));
    }, this.#debounceMs);
  }
}
