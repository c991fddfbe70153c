import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { BYTES_PER_MIB, DEFAULT_MAX_STATE_STORE_MB } from '../../../model';
import { type JsonValue } from '../../engine';

/** Where a state store node keeps values across executions. */
export interface StateBackend {
  get(namespace: string, key: string): Promise<JsonValue | undefined>;
  /** `ttlSeconds` undefined keeps the value until it is deleted. */
  set(namespace: string, key: string, value: JsonValue, ttlSeconds: number | undefined): Promise<void>;
  /** Whether there was a value. */
  delete(namespace: string, key: string): Promise<boolean>;
}

/** Entries the memory backend keeps, all namespaces together, before it forgets the least recently used. */
const MEMORY_STATE_ENTRIES = 100_000;

/** The bytes of values the memory backend keeps when the server sets no other budget (`max_state_store_mb`): 64 MiB. */
const DEFAULT_MEMORY_STATE_BYTES = DEFAULT_MAX_STATE_STORE_MB * BYTES_PER_MIB;

/**
 * State in this process: it outlives executions, not the service. It holds at most `maxBytes` of values, each
 * measured once when it is set as the length of its JSON text and its key; past the budget the least recently
 * used keys are forgotten, as past {@link MEMORY_STATE_ENTRIES} entries. A value larger than the whole budget is
 * refused, and the key keeps what it had.
 */
export class MemoryStateBackend implements StateBackend {
  private readonly entries: LRUCache<string, { value: JsonValue }>;

  constructor(readonly maxBytes: number = DEFAULT_MEMORY_STATE_BYTES) {
    this.entries = new LRUCache<string, { value: JsonValue }>({ max: MEMORY_STATE_ENTRIES, maxSize: maxBytes });
  }

  /** The bytes the values kept now count for. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  get(namespace: string, key: string): Promise<JsonValue | undefined> {
    return Promise.resolve(this.entries.get(entryKey(namespace, key))?.value);
  }

  set(namespace: string, key: string, value: JsonValue, ttlSeconds: number | undefined): Promise<void> {
    const size = JSON.stringify(value).length + key.length;
    if (size > this.maxBytes) {
      const limitMb = Math.round((this.maxBytes / 1024 / 1024) * 100) / 100;
      return Promise.reject(
        new Error(
          `The value of key '${key}' is ${size} bytes as JSON, more than the whole memory state store holds (max_state_store_mb = ${limitMb}): keep it in redis or file storage`,
        ),
      );
    }
    this.entries.set(entryKey(namespace, key), { value }, { ttl: ttlSeconds === undefined ? 0 : ttlSeconds * 1000, size });
    return Promise.resolve();
  }

  delete(namespace: string, key: string): Promise<boolean> {
    return Promise.resolve(this.entries.delete(entryKey(namespace, key)));
  }
}

/** State in Redis, under `<prefix>state:<namespace>:<key>`, as JSON text with Redis's own expiry. */
export class RedisStateBackend implements StateBackend {
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {}

  async get(namespace: string, key: string): Promise<JsonValue | undefined> {
    const text = await this.client.get(this.keyOf(namespace, key));
    return text === null ? undefined : (JSON.parse(text) as JsonValue);
  }

  async set(namespace: string, key: string, value: JsonValue, ttlSeconds: number | undefined): Promise<void> {
    const text = JSON.stringify(value);
    if (ttlSeconds === undefined) await this.client.set(this.keyOf(namespace, key), text);
    else await this.client.set(this.keyOf(namespace, key), text, 'PX', Math.max(1, Math.round(ttlSeconds * 1000)));
  }

  async delete(namespace: string, key: string): Promise<boolean> {
    return (await this.client.del(this.keyOf(namespace, key))) > 0;
  }

  private keyOf(namespace: string, key: string): string {
    return `${this.prefix}state:${namespace}:${key}`;
  }
}

/**
 * State in files under `<directory>/<namespace hash>/<key hash>.json`: names are hashed, so no key can
 * reach outside the directory. A write goes to a temporary file renamed over the old one, so a reader
 * never sees half a value.
 */
export class FileStateBackend implements StateBackend {
  constructor(
    private readonly directory: string,
    private readonly now: () => number = Date.now,
  ) {}

  async get(namespace: string, key: string): Promise<JsonValue | undefined> {
    let stored: { value: JsonValue; expiresAt: number | null };
    try {
      stored = JSON.parse(await readFile(this.fileOf(namespace, key), 'utf8')) as typeof stored;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    if (stored.expiresAt !== null && stored.expiresAt <= this.now()) {
      await rm(this.fileOf(namespace, key), { force: true });
      return undefined;
    }
    return stored.value;
  }

  async set(namespace: string, key: string, value: JsonValue, ttlSeconds: number | undefined): Promise<void> {
    const file = this.fileOf(namespace, key);
    await mkdir(join(this.directory, hashed(namespace)), { recursive: true });
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temporary, JSON.stringify({ key, value, expiresAt: ttlSeconds === undefined ? null : this.now() + ttlSeconds * 1000 }));
    await rename(temporary, file);
  }

  async delete(namespace: string, key: string): Promise<boolean> {
    const existed = (await this.get(namespace, key)) !== undefined;
    await rm(this.fileOf(namespace, key), { force: true });
    return existed;
  }

  private fileOf(namespace: string, key: string): string {
    return join(this.directory, hashed(namespace), `${hashed(key)}.json`);
  }
}

function entryKey(namespace: string, key: string): string {
  return `${namespace}\u0000${key}`;
}

function hashed(name: string): string {
  return createHash('sha256').update(name).digest('hex').slice(0, 32);
}
