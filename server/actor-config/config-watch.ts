import { type ActorConfig } from './actor-config';

interface WatchState<T> {
  value: T;
  version: number;
  closed: boolean;
  readonly waiters: Set<() => void>;
}

/** The sending side of a config watch: publishes new configurations to every receiver. */
export interface ConfigWatchSender<T = ActorConfig> {
  /** Publishes a new value and wakes every waiting receiver; `false` (and nothing changes) once closed. */
  send(next: T): boolean;
  /** Closes the channel: pending and later `changed()` calls resolve `false` once every value was seen. */
  close(): void;
  /** Whether `close()` was called. */
  readonly closed: boolean;
  /** How many values were sent since creation (0 for the initial value). */
  readonly version: number;
  /** A new receiver that has seen the current value. */
  subscribe(): ConfigWatchReceiver<T>;
}

/** The receiving side of a config watch, held by one actor. */
export interface ConfigWatchReceiver<T = ActorConfig> {
  /** The latest value: a field read, cheap enough for every firing. Treat it as read-only. */
  current(): T;
  /**
   * Resolves `true` as soon as a value this receiver has not yet seen through `changed()` exists (at once
   * when one was sent since its last call), or `false` when the sender closes with nothing new.
   */
  changed(): Promise<boolean>;
  /** The version of the latest value. */
  readonly version: number;
  /** Whether the sender has closed. */
  readonly closed: boolean;
}

class Receiver<T> implements ConfigWatchReceiver<T> {
  readonly #state: WatchState<T>;
  #seen: number;

  constructor(state: WatchState<T>) {
    this.#state = state;
    this.#seen = state.version;
  }

  current(): T {
    return this.#state.value;
  }

  get version(): number {
    return this.#state.version;
  }

  get closed(): boolean {
    return this.#state.closed;
  }

  #take(): boolean {
    if (this.#state.version === this.#seen) return false;
    this.#seen = this.#state.version;
    return true;
  }

  changed(): Promise<boolean> {
    if (this.#take()) return Promise.resolve(true);
    if (this.#state.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter = (): void => {
        if (this.#take()) resolve(true);
        else if (this.#state.closed) resolve(false);
        else this.#state.waiters.add(waiter);
      };
      this.#state.waiters.add(waiter);
    });
  }
}

function wake<T>(state: WatchState<T>): void {
  const waiters = [...state.waiters];
  state.waiters.clear();
  for (const waiter of waiters) waiter();
}

/**
 * Creates a watch channel for a running actor's configuration: the engine keeps the sender, the actor reads
 * `receiver.current()` at each firing and may await `receiver.changed()`; no restart is needed.
 *
 * @example
 * const { sender, receiver } = createConfigWatch(ActorConfig.fromJson({ rate: 1 }));
 * sender.send(ActorConfig.fromJson({ rate: 2 }));
 * receiver.current().getNumber('rate'); // 2
 */
export function createConfigWatch<T = ActorConfig>(initial: T): { sender: ConfigWatchSender<T>; receiver: ConfigWatchReceiver<T> } {
  const state: WatchState<T> = { value: initial, version: 0, closed: false, waiters: new Set() };
  const sender: ConfigWatchSender<T> = {
    send(next) {
      if (state.closed) return false;
      state.value = next;
      state.version += 1;
      wake(state);
      return true;
    },
    close() {
      if (state.closed) return;
      state.closed = true;
      wake(state);
    },
    get closed() {
      return state.closed;
    },
    get version() {
      return state.version;
    },
    subscribe: () => new Receiver(state),
  };
  return { sender, receiver: new Receiver(state) };
}
