import { type ResourceKind, type RunResources } from '../sdk/run-resources';
import { settleWithin } from './promises';

interface Entry {
  readonly kind: ResourceKind<unknown>;
  readonly value: unknown;
  readonly close: (value: unknown) => unknown;
}

/** The resources of one run; the root network closes them after its actors' `dispose`, when the run ends. */
export class RunResourceRegistry implements RunResources {
  // Made at the first resource: most runs open none.
  private entriesOrNone: Map<string, Entry> | undefined;
  private count = 0;
  private closed = false;

  add<T>(kind: ResourceKind<T>, value: T, close: (value: T) => unknown): string {
    if (this.closed) {
      void closeQuietly(() => close(value));
      throw new Error(`The run has ended: ${kind.name} was closed at once`);
    }
    const handle = `${kind.name}-${++this.count}`;
    this.entries().set(handle, { kind: kind as ResourceKind<unknown>, value, close: close as (value: unknown) => unknown });
    return handle;
  }

  get<T>(kind: ResourceKind<T>, handle: string): T | undefined {
    const entry = this.entriesOrNone?.get(handle);
    return entry !== undefined && entry.kind === kind ? (entry.value as T) : undefined;
  }

  shared<T>(kind: ResourceKind<T>, key: string, open: () => T, close: (value: T) => unknown): T {
    const handle = `${kind.name}:${key}`;
    const known = this.get(kind, handle);
    if (known !== undefined) return known;
    if (this.closed) throw new Error(`The run has ended: no ${kind.name} is opened any more`);
    const value = open();
    this.entries().set(handle, { kind: kind as ResourceKind<unknown>, value, close: close as (value: unknown) => unknown });
    return value;
  }

  /**
   * Closes every resource, newest first (a client registered after the pool it uses goes before it); the promise
   * resolves when all are closed or `graceMs` passed. Undefined when the run opened none: nothing to wait for.
   */
  closeAll(graceMs: number): Promise<void> | undefined {
    this.closed = true;
    const opened = this.entriesOrNone;
    if (opened === undefined || opened.size === 0) return undefined;
    const entries = [...opened.values()].reverse();
    opened.clear();
    return settleWithin(
      entries.map((entry) => closeQuietly(() => entry.close(entry.value))),
      graceMs,
    );
  }

  private entries(): Map<string, Entry> {
    return (this.entriesOrNone ??= new Map());
  }
}

function closeQuietly(close: () => unknown): Promise<unknown> {
  try {
    return Promise.resolve(close()).catch(() => undefined);
  } catch {
    return Promise.resolve();
  }
}
