/**
 * Counts the runs each deployment's hooks have going on this node, from their start to their end (an answer
 * given early does not end a run), and refuses a place beyond `max`: callers of an open hook cannot hold every
 * execution slot of the service.
 */
export class HookRunLimit {
  private readonly running = new Map<string, number>();

  constructor(readonly max: number) {}

  /** Takes a place for one run of `deploymentId`; false, taking nothing, when it has `max` runs going. */
  take(deploymentId: string): boolean {
    const count = this.running.get(deploymentId) ?? 0;
    if (count >= this.max) return false;
    this.running.set(deploymentId, count + 1);
    return true;
  }

  /** Gives back the place of a run of `deploymentId` that has ended (or never started). */
  release(deploymentId: string): void {
    const count = (this.running.get(deploymentId) ?? 0) - 1;
    if (count > 0) this.running.set(deploymentId, count);
    else this.running.delete(deploymentId);
  }
}
