import { type JsonText, type JsonValue, defineActor, packetValue } from '../../engine';
import { LARGE_TEXT_CHARS } from '../heavy-work';
import { runInSandbox } from '../sandbox';

/** Time and memory one call of a `core/MakeFunction` function may use. */
const FUNCTION_LIMITS = Object.freeze({ timeoutMs: 5000, memoryLimitMb: 64 });

/**
 * What the sandbox runs: it compiles the body as NoFlo does (`Function('x', body)`) and, when asked, calls it on the
 * packet. The value goes back as a field, so that a large one comes back as checked text (see `heldOutChars`).
 */
const SANDBOX_CODE = String.raw`const __call = globalThis.__makeFunction;
delete globalThis.__makeFunction;
const __compiled = Function('x', __call.body);
if (!__call.apply) return { value: null };
const __value = __compiled(__call.input);
if (__value !== null && typeof __value === 'object' && typeof __value.then === 'function') return __value.then((value) => ({ value: value === undefined ? null : value }));
return { value: __value === undefined ? null : __value };
`;

/**
 * `core/MakeFunction`: compiles the JavaScript function body of `function` (with `x` as its parameter) and calls it
 * on each packet of `in`, as NoFlo's component of that name does, but in the service's sandbox (an isolate without
 * host objects, network or files) rather than on the host. Packets are JSON, so the `function` outport carries the
 * body as text, which another MakeFunction's `function` inport takes, where NoFlo sends a function object; and a
 * function value cannot arrive on the `function` inport.
 */
export const coreMakeFunction = defineActor({
  id: 'core/MakeFunction',
  title: 'Make Function',
  description:
    'Runs the JavaScript function body of function, with x as its parameter, on each packet of in, and sends the value it returns ' +
    '(null for undefined; a promise is awaited) on out and the body on function. With in not fed, each body is only compiled and sent on function. ' +
    'function is a required control port: its last body holds, and packets of in wait for the first one. ' +
    `The function runs in the sandbox of the JavaScript Script node, with ${FUNCTION_LIMITS.timeoutMs} ms and ${FUNCTION_LIMITS.memoryLimitMb} MB per call; ` +
    'a body that does not compile or a call that throws is routed to error when it is connected, and fails the run otherwise.',
  inports: {
    in: { type: 'all', description: 'The packet each call gets as x' },
    function: { type: 'string', required: true, control: true, description: 'The body of a JavaScript function of x, such as `return x * x;`' },
  },
  outports: {
    out: { type: 'all', description: 'The value the function returned' },
    function: { type: 'string', description: 'The function body, as text, once it compiled' },
    error: { type: 'object', description: 'Receives {message, node_id, component} when the body does not compile or the call throws.' },
  },
  // The isolate has no network or files, but a function may read the clock and randomness.
  effects: 'repeatable',
  async fire({ inputs, send, signal }) {
    const body = inputs.function;
    if (typeof body !== 'string') throw new Error(`Port 'function' takes the body of a JavaScript function as text, got ${JSON.stringify(body ?? null)}`);
    const apply = inputs.in !== undefined;
    const outcome = await runInSandbox({
      code: SANDBOX_CODE,
      globals: { __makeFunction: { body, apply, input: inputs.in ?? null } },
      timeoutMs: FUNCTION_LIMITS.timeoutMs,
      memoryLimitMb: FUNCTION_LIMITS.memoryLimitMb,
      signal,
      heldOutChars: LARGE_TEXT_CHARS,
    });
    if (!outcome.ok) throw new Error(outcome.error);
    await send('function', body);
    if (apply) await send('out', (packetValue(outcome.value) as { value: JsonValue | JsonText }).value);
  },
});
