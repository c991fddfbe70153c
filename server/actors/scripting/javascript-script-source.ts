/** The global through which the JavaScript actor hands a firing's inputs and settings to its sandboxed code. */
export const SCRIPT_GLOBAL = '__script';

/**
 * Code run before the user's script: it takes the firing from `__script` (inputs by port id, config,
 * node id, output ports and their aliases), makes `send_output` read an alias as its port and refuse ports
 * the actor lacks, and defines the globals both
 * script conventions read: `data`, `metadata`, `imports` (ports without the `-in` suffix, plus
 * `imports.get(name)`), and, for `process(inputs, context)`, the `inputs` and `context` objects.
 */
const PRELUDE = String.raw`const __firing = globalThis.__script;
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
const __result = (function () {
`;

/** Code run after the user's script when it ran to its end without `return`: calls `process` when the script defines one. */
const EPILOGUE = String.raw`
;return typeof process === 'function' ? process(__inputs, __context) : undefined;
}).call(globalThis);
if (__result !== null && typeof __result === 'object' && typeof __result.then === 'function') return __result.then(__answer);
return __answer(__result);
`;

/**
 * Wraps a user script for the sandbox. The script runs as a function body; the sandbox's value is
 * `{returned, value}`: whether it returned something other than `undefined` (itself, or through
 * `process(inputs, context)` when it defines that function and does not return), and what. `send_output`
 * calls are the run's outputs, in order.
 */
export function composeJavascriptScript(script: string): string {
  return `${PRELUDE}${script}${EPILOGUE}`;
}
