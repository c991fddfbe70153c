import { type RunResources, resourceKind } from '../../engine';
import { type InterpreterSpec, type PythonInterpreter, interpreterKey } from './python-interpreter';
import { type PythonInterpreterPool } from './python-interpreter-pool';

/**
 * The Python interpreters one run uses: the first firing takes one from the pool, later firings of the run reuse
 * an idle one of the same spec, and take another when all of the run's are busy (two Python nodes firing at
 * once). An interpreter that ended badly (timeout, cancel, memory, crash) is killed at its release; when the run
 * ends, every interpreter it used is killed, so none serves two runs.
 */
export class RunInterpreters {
  private readonly idle: PythonInterpreter[] = [];
  private readonly used = new Set<PythonInterpreter>();
  private closed = false;

  constructor(private readonly pool: PythonInterpreterPool) {}

  /** An interpreter for one firing of `spec`, the caller's until it calls {@link release}. */
  acquire(spec: InterpreterSpec): PythonInterpreter {
    if (this.closed) throw new Error('The run has ended: it starts no Python interpreter any more');
    const key = interpreterKey(spec);
    for (let index = this.idle.length - 1; index >= 0; index--) {
      const interpreter = this.idle[index];
      if (interpreter.idle && interpreter.key !== key) continue;
      // Either the one to use, or one that died while idle: both leave the idle list.
      this.idle.splice(index, 1);
      if (interpreter.idle) return interpreter;
    }
    const taken = this.pool.take(spec);
    this.used.add(taken);
    return taken;
  }

  /** Gives an interpreter back after a firing: kept for the run's next firings when `reusable`, killed otherwise. */
  release(interpreter: PythonInterpreter, reusable: boolean): void {
    if (reusable && !this.closed && interpreter.idle) {
      this.idle.push(interpreter);
      return;
    }
    this.used.delete(interpreter);
    void interpreter.kill();
  }

  /** Kills every interpreter of the run; resolves once they are gone. */
  async close(): Promise<void> {
    this.closed = true;
    this.idle.length = 0;
    await Promise.all([...this.used].map((interpreter) => interpreter.kill()));
    this.used.clear();
  }
}

const RUN_INTERPRETERS = resourceKind<RunInterpreters>('python-interpreters');

/** The run's {@link RunInterpreters} taking from `pool`, made by its first Python firing and closed when it ends. */
export function runInterpreters(resources: RunResources, pool: PythonInterpreterPool): RunInterpreters {
  return resources.shared(
    RUN_INTERPRETERS,
    'python',
    () => new RunInterpreters(pool),
    (interpreters) => interpreters.close(),
  );
}
