import { z } from 'zod';
import { defineActor, errorOutPort, type JsonObject, type JsonValue, packetValue } from '../../engine';
import { LARGE_TEXT_CHARS } from '../heavy-work';
import { runInSandbox } from '../sandbox';
import { JAVASCRIPT_SCRIPT_CODE, SCRIPT_GLOBAL } from './javascript-script-source';
import { numberSetting } from '../shared';
import { DEFAULT_MAX_SCRIPT_MEMORY_MB, type ScriptActorLimits, scriptSource } from './script-config';
import { SCRIPT_PORT_ALIASES, firingOutputs, sendScriptOutputs } from './script-outputs';

/** Configuration of `tpl_javascript_script`. */
export const JavascriptScriptConfigSchema = z.object({
  /** The script: a function body using `data`, `metadata`, `imports`, or defining `process(inputs, context)`. */
  script: scriptSource(
    'The JavaScript function body run for each firing: `data`, `metadata` and `inputs` are in scope, `await` works at its top level; its return value goes to result-out',
  ),
  /** Time budget of one firing in ms (default 10000). */
  timeout: numberSetting('Time budget of one firing in milliseconds', z.number().min(1).max(600_000).default(10_000)),
  /** Heap limit of the script's isolate in MB (default 128). */
  memoryLimit: numberSetting("Heap limit of the script's isolate in MB", z.number().min(8).max(4096).default(128)),
});

const OUTPUT_PORTS = ['result-out', 'error-out'] as const;

/** What a script finds in the sandbox and what it does not, as the catalogue (`GET /actors`) states it. */
const SANDBOX_RULES = [
  'Runs a JavaScript script in a sandbox with time and memory limits; its returned value goes to result-out.',
  'The script may `await` at its top level.',
  'It has the language and its built-ins (JSON, Math, Date, Intl, Promise, RegExp, Map, Set, typed arrays, eval),',
  '`console.log/info/debug/warn/error` (lines go to the run log), `send_output(port, value)`, and',
  '`setTimeout`, `setInterval`, `clearTimeout`, `clearInterval`: callbacks run within the timeout, the firing ends',
  'when the value is ready, and timers still pending then never run.',
  'It has no `require` or `import`, no `fetch` or other network, no `process`, file system, `Buffer`,',
  '`TextEncoder`, `URL`, `structuredClone`, `queueMicrotask`, `WebAssembly` or `SharedArrayBuffer`.',
].join(' ');

/**
 * `tpl_javascript_script`: runs a JavaScript script in the isolated-vm sandbox for each `data-in` packet
 * (once at start when no input is fed), with `metadata-in` as a control port: a `metadata-in` packet
 * alone does not run the script while `data-in` is fed, and when fed the script waits for the first one. The script either returns
 * a value from its top level (`data`, `metadata`, `imports.data`, `imports.get('data')` in scope) or defines
 * `function process(inputs, context)` (`inputs['data-in']`, `context.send_output(port, value)`,
 * `context.config`, `context.node_id`); it may `await` at its top level and use timers (see `SANDBOX_RULES`).
 * A returned value other than `undefined` goes to `result-out`; a thrown error fails the firing with the
 * script's message, which the engine routes to `error-out` when that port is connected.
 */
export function createJavascriptScriptActor(options: ScriptActorLimits = {}) {
  const maxMemoryMb = options.maxMemoryMb ?? DEFAULT_MAX_SCRIPT_MEMORY_MB;
  return defineActor({
    id: 'tpl_javascript_script',
    title: 'JavaScript Script',
    description: SANDBOX_RULES,
    inports: {
      'data-in': { type: 'all', description: 'The packet the script runs on, in scope as `data` and `imports.data`; the script runs once per packet.' },
      'metadata-in': {
        type: 'all',
        control: true,
        description: 'Settings-like data, in scope as `metadata`; the last packet stays for later firings, and when fed the script waits for the first one.',
      },
    },
    outports: {
      'result-out': { type: 'all', description: 'The value the script returns.' },
      ...errorOutPort('when the script throws or runs over its limits'),
    },
    config: JavascriptScriptConfigSchema,
    // The isolate has no network or files, but a script may read the clock and randomness.
    effects: 'repeatable',
    async fire(ctx) {
      const { config } = ctx;
      const inputs: JsonObject = {};
      for (const [port, value] of Object.entries(ctx.inputs)) if (value !== undefined) inputs[port] = value;
      const firing: JsonObject = {
        script: config.script,
        inputs,
        config: { ...config },
        nodeId: ctx.node.id,
        outputs: [...OUTPUT_PORTS],
        aliases: { ...SCRIPT_PORT_ALIASES },
      };
      const outcome = await runInSandbox({
        code: JAVASCRIPT_SCRIPT_CODE,
        globals: { [SCRIPT_GLOBAL]: firing },
        timeoutMs: config.timeout,
        timers: true,
        memoryLimitMb: Math.min(config.memoryLimit, maxMemoryMb),
        signal: ctx.signal,
        // A large value goes on as its checked text, unparsed (see JsonText).
        heldOutChars: LARGE_TEXT_CHARS,
      });
      for (const line of outcome.logs) ctx.log(line, { source: 'console' });
      if (!outcome.ok) throw new Error(outcome.error);
      // The answer object itself comes as text only when it is just over the size held out, with its value just under.
      const answer = packetValue(outcome.value) as { returned: boolean; value: JsonValue };
      await sendScriptOutputs(ctx, OUTPUT_PORTS, firingOutputs(outcome.outputs, answer.returned ? { value: answer.value } : undefined, 'result-out'));
    },
  });
}

/** `tpl_javascript_script` with the default limits. */
export const javascriptScript = createJavascriptScriptActor();
