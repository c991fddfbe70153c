/** Listeners kept per execution id: added and removed one at a time, each id's set gone once empty. */
export class ListenerSets<T> {
  private readonly sets = new Map<string, Set<T>>();

  /** Adds a listener of `id`; the returned function removes it. */
  add(id: string, listener: T): () => void {
    const sets = this.sets;
    let set = sets.get(id);
    if (!set) sets.set(id, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && sets.get(id) === set) sets.delete(id);
    };
  }

  /** The listeners of `id`, or undefined when it has none (nothing to allocate for the many ids nobody listens to). */
  of(id: string): ReadonlySet<T> | undefined {
    return this.sets.get(id);
  }

  /** Calls `call` with every listener of every id; each id's listeners as they are when its turn comes. */
  forEach(call: (listener: T) => void): void {
    for (const set of [...this.sets.values()]) for (const listener of [...set]) call(listener);
  }
}
