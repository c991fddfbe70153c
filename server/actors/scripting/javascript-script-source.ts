/** The global through which the JavaScript actor hands a firing's inputs and settings to its sandboxed code. */
export const SCRIPT_GLOBAL = '__script';

/**
 * The code the sandbox runs for every firing of the JavaScript actor. It takes the firing from `__script`
 * (the user's script, inputs by port id, config, node id, output ports and their aliases), makes
 * `send_output` read an alias as its port and refuse ports the actor lacks, and defines the globals both
 * script conventions read: `data`, `metadata`, `imports` (ports without the `-in` suffix, plus
 * `imports.get(name)`), and, for `process(inputs, context)`, the `inputs` and `context` objects.
 *
 * It then compiles the script in the isolate as a function body, or, when that fails on a top-level `await`,
 * as the body of an async function: a script that never awaits keeps the synchronous path. The sandbox's
 * value is `{returned, value}`: whether the script returned something other than `undefined` (itself, or
 * through `process(inputs, context)` when it defines that function and does not return), and what; a
 * returned promise (an async script, an async `process`) gives its settled value. `send_output` calls are the
 * run's outputs, in order.
 */
export const JAVASCRIPT_SCRIPT_CODE = String.raw`const __firing = globalThis.__script;
delete globalThis.__script;
const __sendRaw = send_output;
const __send = function send_output(port, value) {
  if (__firing.outputs.indexOf(port) === -1 && Object.prototype.hasOwnProperty.call(__firing.aliases, port)) port = __firing.aliases[port];
  if (__firing.outputs.indexOf(port) === -1) {
    throw new Error("send_output: unknown output port '" + String(port) + "'; the outputs are " + __firing.outputs.join(', '));
  }
  __sendRaw(port, value);
};
globalThis.send_output = __send;
const __aliases = function (target, byPort, enumerable) {
  for (const port of Object.keys(byPort)) {
    const short = port.replace(/-in$/, '');
    if (!(short in target)) Object.defineProperty(target, short, { value: byPort[port], enumerable: enumerable, writable: true, configurable: true });
  }
  Object.defineProperty(target, 'get', {
    value: function get(name) {
      if (Object.prototype.hasOwnProperty.call(byPort, name)) return byPort[name];
      if (Object.prototype.hasOwnProperty.call(byPort, name + '-in')) return byPort[name + '-in'];
      return undefined;
    },
    enumerable: false,
  });
  return target;
};
const __inputs = Object.assign({}, __firing.inputs);
__aliases(__inputs, __firing.inputs, false);
globalThis.imports = __aliases({}, __firing.inputs, true);
globalThis.data = __firing.inputs['data-in'];
globalThis.metadata = __firing.inputs['metadata-in'];
const __context = Object.freeze({ send_output: __send, config: __firing.config, node_id: __firing.nodeId, inputs: __inputs });
const __answer = function (value) {
  return { returned: value !== undefined, value: value === undefined ? null : value };
};
const __run = (function (source) {
  const end = "\n;return typeof process === 'function' ? process(__inputs, __context) : undefined;";
  try {
    return Function('__inputs', '__context', source + end);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    // A script that awaits at its top level compiles as the body of an async function.
    const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
    try {
      return AsyncFunction('__inputs', '__context', source + end);
    } catch (asyncError) {
      throw /\bawait\b/.test(error.message) ? asyncError : error;
    }
  }
})(__firing.script);
const __result = __run.call(globalThis, __inputs, __context);
if (__result !== null && typeof __result === 'object' && typeof __result.then === 'function') return __result.then(__answer);
return __answer(__result);
`;
