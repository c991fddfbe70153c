import { z } from 'zod';
import { type AnyActorDefinition, defineActor, errorOutPort, type JsonObject } from '../../engine';
import { PackageListSchema } from './python-packages';
import { PythonInterpreterPool } from './python-interpreter-pool';
import { DEFAULT_PYTHON_BINARY, type PythonScriptRequest, runPythonScript } from './python-runner';
import { runPythonScriptWarm } from './python-warm-runner';
import { runInterpreters } from './run-interpreters';
import { type ScriptActorLimits, DEFAULT_MAX_SCRIPT_MEMORY_MB, scriptSource } from './script-config';
import { booleanSetting, numberSetting } from '../shared';
import { type SandboxMode, sandboxedProcessEffects } from './process-sandbox';
import { firingOutputs, sendScriptOutputs } from './script-outputs';

/** The address-space limit of a Python node that sets no `memoryLimit`, in MB (the server's cap may lower it). */
const DEFAULT_PYTHON_MEMORY_MB = 512;

/** Configuration of `tpl_python_script`. */
export const PythonScriptConfigSchema = z.object({
  /** The script: a body with a top-level `return`, `def process(inputs, context)`, or `__return_value`. */
  script: scriptSource('The Python script: a body with a top-level `return`, `def process(inputs, context)`, or an assignment to `__return_value`'),
  /** Packages that must be importable, one per line or comma separated; never installed by the service. */
  packages: PackageListSchema.describe('Python packages the script needs, comma- or newline-separated; each must already be installed'),
  /** Time budget of one firing in ms (default 30000). */
  timeout: numberSetting('Time budget of one firing in milliseconds', z.number().min(1).max(3_600_000).default(30_000)),
  /** Address-space limit of the Python process in MB (default 512). */
  memoryLimit: numberSetting('Address-space limit of the Python process in MB', z.number().min(32).max(65_536).default(DEFAULT_PYTHON_MEMORY_MB)),
  allowNetwork: booleanSetting('Give the script the network (only where the server allows it); otherwise it has none', false),
  environment: z
    .record(z.string())
    .default({})
    .describe("Environment variables the script sees, such as API keys (`${secret:NAME}` references allowed); nothing else of the host's environment"),
});

/** Options of {@link createPythonScriptActor}. */
export interface PythonScriptActorOptions extends ScriptActorLimits {
  /**
   * The interpreter to run, a path or a name looked up on `/usr/local/bin:/usr/bin:/bin`.
   * @default DEFAULT_PYTHON_BINARY
   */
  pythonBinary?: string;
  /** How scripts are isolated; `none` only when an operator chose it. @default 'bwrap' */
  sandbox?: SandboxMode;
  /** Whether a node may ask for the network (`allowNetwork`). @default false */
  allowNetwork?: boolean;
  /**
   * Warm interpreters: each run's firings share interpreters taken from it, killed when the run ends.
   * @default none: each firing starts a python3 process of its own
   */
  pool?: PythonInterpreterPool;
}

/** Options of {@link createPythonInterpreterPool}: the spares' count and the actor's options they must match. */
export interface PythonPoolOptions extends Pick<PythonScriptActorOptions, 'pythonBinary' | 'sandbox' | 'maxMemoryMb'> {
  /** Interpreters kept started (`python_pool_size`). */
  size: number;
}

/**
 * The pool of warm interpreters for a Python actor built with the same options: its spares are started as a
 * firing with the node's defaults asks (no network, the default memory limit under the server's cap). A firing
 * that asks for the network or another memory limit starts its run's interpreter on demand.
 */
export function createPythonInterpreterPool(options: PythonPoolOptions): PythonInterpreterPool {
  const memoryLimitMb = Math.min(DEFAULT_PYTHON_MEMORY_MB, options.maxMemoryMb ?? DEFAULT_MAX_SCRIPT_MEMORY_MB);
  return new PythonInterpreterPool({
    size: options.size,
    spare: { pythonBinary: options.pythonBinary ?? DEFAULT_PYTHON_BINARY, memoryLimitMb, sandbox: { mode: options.sandbox ?? 'bwrap', network: false } },
  });
}

const INPUT_PORTS = ['data-in', 'config-in'] as const;
const OUTPUT_PORTS = ['result-out', 'error-out'] as const;

/**
 * Builds `tpl_python_script`: runs a Python script in a `python3` child process for each `data-in` packet
 * (once at start when no input is fed; with a `pool`, on the run's warm interpreters), with `config-in` as a control port (see `javascript-script`). In scope: `data`, `config`
 * (the `config-in` packet), `imports` (`imports["data"]`, `imports.get("data")`), `inputs`, `context`
 * (`send_output`, `config`, `node_id`, `get_inputs()`) and `Context`. A result other than `None` goes to
 * `result-out`; an exception fails the firing with its message.
 */
export function createPythonScriptActor(options: PythonScriptActorOptions = {}) {
  const pythonBinary = options.pythonBinary ?? DEFAULT_PYTHON_BINARY;
  const mode = options.sandbox ?? 'bwrap';
  return defineActor({
    id: 'tpl_python_script',
    title: 'Python Script',
    description: 'Runs a Python script in a python3 process with time and memory limits; its returned value goes to result-out.',
    inports: {
      'data-in': { type: 'all', description: 'The packet the script runs on, in scope as `data`; the script runs once per packet.' },
      'config-in': {
        type: 'all',
        control: true,
        description: 'Settings-like data, in scope as `config`; the last packet stays for later firings, and when fed the script waits for the first one.',
      },
    },
    outports: {
      'result-out': { type: 'all', description: 'The value the script returns.' },
      ...errorOutPort('when the script raises or runs over its limits'),
    },
    config: PythonScriptConfigSchema,
    effects: (config) => sandboxedProcessEffects({ mode, network: config.allowNetwork }),
    async fire(ctx) {
      const { config } = ctx;
      if (config.allowNetwork && options.allowNetwork !== true) {
        throw new Error("config 'allowNetwork': this server gives Python scripts no network (python_allow_network is off)");
      }
      const inputs: JsonObject = {};
      for (const [port, value] of Object.entries(ctx.inputs)) if (value !== undefined) inputs[port] = value;
      const request: PythonScriptRequest = {
        script: config.script,
        inputs,
        inputPorts: INPUT_PORTS,
        outputPorts: OUTPUT_PORTS,
        config: { ...config },
        nodeId: ctx.node.id,
        packages: config.packages,
        timeoutMs: config.timeout,
        memoryLimitMb: Math.min(config.memoryLimit, options.maxMemoryMb ?? DEFAULT_MAX_SCRIPT_MEMORY_MB),
        signal: ctx.signal,
        pythonBinary,
        sandbox: { mode, network: config.allowNetwork },
        environment: config.environment,
      };
      const outcome =
        options.pool === undefined ? await runPythonScript(request) : await runPythonScriptWarm(request, runInterpreters(ctx.resources, options.pool));
      for (const line of outcome.logs) ctx.log(line, { source: 'python' });
      if (!outcome.ok) throw new Error(outcome.error);
      await sendScriptOutputs(ctx, OUTPUT_PORTS, firingOutputs(outcome.outputs, outcome.returned ? { value: outcome.value } : undefined, 'result-out'));
    },
  });
}

/** `tpl_python_script` with the default interpreter. */
export const pythonScript: AnyActorDefinition = createPythonScriptActor();
