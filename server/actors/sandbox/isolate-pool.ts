import type IsolatedVm from 'isolated-vm';
import { ivm } from './isolated-vm-module';
import { SANDBOX_BOOTSTRAP_SCRIPT } from './bootstrap-source';

/** Options of an {@link IsolatePool}. */
export interface IsolatePoolOptions {
  /**
   * Idle isolates kept per memory limit; more are disposed when handed back.
   * @default 2
   */
  maxIdlePerLimit?: number;
  /**
   * Calls one isolate serves before it is disposed, bounding anything a long-lived heap could gather.
   * @default 500
   */
  maxUsesPerIsolate?: number;
  /**
   * Share of the memory limit the heap may still use after a call for the isolate to be reused.
   * @default 0.5
   */
  maxReusedHeapShare?: number;
}

/** An isolate with the sandbox bootstrap compiled into it once, ready to run in each fresh context. */
export interface PooledIsolate {
  readonly isolate: IsolatedVm.Isolate;
  readonly bootstrap: IsolatedVm.Script;
  uses: number;
}

/**
 * Keeps idle isolates per memory limit so that many small calls skip isolate creation. An isolate serves
 * one call at a time, each in a fresh context; one that timed out, ran out of memory, was cancelled or grew
 * a large heap is disposed instead of being reused.
 */
export class IsolatePool {
  private readonly idle = new Map<number, PooledIsolate[]>();
  private created = 0;
  private readonly maxIdlePerLimit: number;
  private readonly maxUsesPerIsolate: number;
  private readonly maxReusedHeapShare: number;

  constructor(options: IsolatePoolOptions = {}) {
    this.maxIdlePerLimit = options.maxIdlePerLimit ?? 2;
    this.maxUsesPerIsolate = options.maxUsesPerIsolate ?? 500;
    this.maxReusedHeapShare = options.maxReusedHeapShare ?? 0.5;
  }

  /** Takes an idle isolate with this memory limit, or creates one. */
  acquire(memoryLimitMb: number): PooledIsolate {
    let pooled = this.idle.get(memoryLimitMb)?.pop();
    if (pooled === undefined) {
      pooled = createPooledIsolate(memoryLimitMb);
      this.created += 1;
    }
    pooled.uses += 1;
    return pooled;
  }

  /**
   * Hands an isolate back after a call; `reusable` is false after a timeout, an out-of-memory or a cancel,
   * and the isolate is then disposed at once. Otherwise its heap is measured by its own thread, which
   * answers once it is idle: an isolate still busy after its answer (freeing a large value it copied out)
   * would hold the event loop for as long if it were measured or disposed synchronously.
   */
  async release(pooled: PooledIsolate, memoryLimitMb: number, reusable: boolean): Promise<void> {
    if (reusable && (await this.canReuse(pooled, memoryLimitMb))) {
      const idle = this.idle.get(memoryLimitMb) ?? [];
      if (idle.length < this.maxIdlePerLimit) {
        idle.push(pooled);
        this.idle.set(memoryLimitMb, idle);
        return;
      }
    }
    disposeQuietly(pooled.isolate);
  }

  /** Disposes every idle isolate (isolates in use are disposed when handed back). */
  clear(): void {
    for (const list of this.idle.values()) for (const pooled of list) disposeQuietly(pooled.isolate);
    this.idle.clear();
  }

  /** How many idle isolates the pool holds. */
  get idleCount(): number {
    let count = 0;
    for (const list of this.idle.values()) count += list.length;
    return count;
  }

  /** How many isolates the pool has created so far. */
  get createdCount(): number {
    return this.created;
  }

  private async canReuse(pooled: PooledIsolate, memoryLimitMb: number): Promise<boolean> {
    if (pooled.isolate.isDisposed || pooled.uses >= this.maxUsesPerIsolate) return false;
    try {
      const heap = await pooled.isolate.getHeapStatistics();
      return !pooled.isolate.isDisposed && heap.used_heap_size + heap.externally_allocated_size < memoryLimitMb * 1024 * 1024 * this.maxReusedHeapShare;
    } catch {
      return false;
    }
  }
}

function createPooledIsolate(memoryLimitMb: number): PooledIsolate {
  const isolate = new ivm.Isolate({ memoryLimit: memoryLimitMb });
  const bootstrap = isolate.compileScriptSync(SANDBOX_BOOTSTRAP_SCRIPT, { filename: 'sandbox-bootstrap.js' });
  return { isolate, bootstrap, uses: 0 };
}

/** Disposes an isolate that may already be disposed. */
export function disposeQuietly(isolate: IsolatedVm.Isolate): void {
  if (isolate.isDisposed) return;
  try {
    isolate.dispose();
  } catch {
    // Disposal races with isolated-vm's own disposal after an out-of-memory; either way it is gone.
  }
}
