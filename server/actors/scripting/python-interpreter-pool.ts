import { probeSandbox } from './process-sandbox';
import { type InterpreterSpec, PythonInterpreter, interpreterKey } from './python-interpreter';

/** How long after a take the pool starts the replacement of the spare taken. */
const REFILL_DELAY_MS = 100;

/** Options of {@link PythonInterpreterPool}. */
export interface PythonInterpreterPoolOptions {
  /** Interpreters kept started and waiting for a run to take them; 0 starts none ahead of demand. */
  size: number;
  /** What the spares are started with: the spec of a firing with the node's defaults. */
  spare: InterpreterSpec;
}

/**
 * Python interpreters started ahead of demand, so that the first Python firing of a run does not wait for
 * bubblewrap and python3 to start. A run takes a spare (or a fresh interpreter, when none is spare or the firing
 * asks for another spec: the network, another memory limit) and owns it until it ends; the pool never gets an
 * interpreter back. Each take refills the pool in the background; an idle spare blocks on its stdin and costs
 * no CPU. {@link close} kills the spares.
 */
export class PythonInterpreterPool {
  private readonly spares: PythonInterpreter[] = [];
  private readonly spareKey: string;
  private closed = false;
  private refilling = false;

  constructor(private readonly options: PythonInterpreterPoolOptions) {
    this.spareKey = interpreterKey(options.spare);
    this.scheduleRefill();
  }

  /** The spares ready to be taken now. */
  get spareCount(): number {
    return this.spares.filter((spare) => spare.idle).length;
  }

  /** An interpreter for a firing of `spec`, the caller's to kill: a spare when one fits, else a new one. */
  take(spec: InterpreterSpec): PythonInterpreter {
    if (interpreterKey(spec) === this.spareKey) {
      this.scheduleRefill();
      for (let spare = this.spares.shift(); spare !== undefined; spare = this.spares.shift()) {
        if (spare.idle) return spare;
        void spare.kill();
      }
    }
    return PythonInterpreter.start(spec);
  }

  /** Stops refilling and kills the spares; a later take starts its interpreter on demand. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.spares.splice(0).map((spare) => spare.kill()));
  }

  // A spare that died while waiting is replaced at the next take, never at once: an interpreter that cannot
  // start would otherwise be restarted in a loop. The replacement starts a moment after the take, so that its
  // start does not compete for the CPU with the firing that took the spare.
  private scheduleRefill(): void {
    if (this.closed || this.refilling || this.options.size <= 0) return;
    this.refilling = true;
    setTimeout(() => void this.refill(), this.spares.length === 0 ? 0 : REFILL_DELAY_MS).unref();
  }

  private async refill(): Promise<void> {
    const { sandbox } = this.options.spare;
    const probe = sandbox.mode === 'bwrap' ? await probeSandbox(sandbox.bwrapBinary) : { ok: true };
    this.refilling = false;
    if (!probe.ok || this.closed) return;
    for (const spare of this.spares.filter((candidate) => !candidate.idle)) {
      this.spares.splice(this.spares.indexOf(spare), 1);
      void spare.kill();
    }
    while (this.spares.length < this.options.size) this.spares.push(PythonInterpreter.start(this.options.spare));
  }
}
