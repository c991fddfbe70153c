import {
  type PythonScriptOutcome,
  type PythonScriptRequest,
  DEFAULT_PYTHON_BINARY,
  childEnd,
  harnessRequest,
  sandboxRefusal,
  toOutcome,
} from './python-runner';
import { type RunInterpreters } from './run-interpreters';

/**
 * Runs a Python script on one of the run's warm interpreters (see `RunInterpreters`): the same sandbox, limits,
 * environment and outcomes as `runPythonScript`, without starting a process when the run has an idle one. Each
 * firing gets a fresh namespace, the node's environment, an empty working directory and, under bubblewrap, a
 * sandbox where no process of an earlier firing is left; what the interpreter imported stays for the run's
 * next firings. An interpreter whose firing timed out, was cancelled, ran out of memory or crashed is killed.
 */
export async function runPythonScriptWarm(request: PythonScriptRequest, interpreters: RunInterpreters): Promise<PythonScriptOutcome> {
  if (request.signal?.aborted) return { ok: false, kind: 'cancelled', error: 'Python script cancelled', logs: [] };
  const refusal = await sandboxRefusal(request);
  if (refusal !== undefined) return refusal;
  const pythonBinary = request.pythonBinary ?? DEFAULT_PYTHON_BINARY;
  const interpreter = interpreters.acquire({ pythonBinary, memoryLimitMb: request.memoryLimitMb, sandbox: request.sandbox });
  const end = await interpreter.execute(
    { ...harnessRequest(request), environment: { ...request.environment } },
    { timeoutMs: request.timeoutMs, signal: request.signal },
  );
  const outcome = toOutcome(childEnd(end, pythonBinary), request);
  // A MemoryError may have left the interpreter short of memory for good: it is not trusted with another firing.
  interpreters.release(interpreter, end.reusable && (outcome.ok || outcome.kind !== 'memory'));
  return outcome;
}
