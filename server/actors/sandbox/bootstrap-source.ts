import { SANDBOX_TIMERS_SOURCE } from './timers-source';

/**
 * The code run inside each fresh sandbox context: a function expression, compiled once per isolate, called
 * with the script body, the limits as JSON, the globals as JSON, `heldOutChars` and whether to offer timers. It
 * installs `console`, `send_output` and (when asked) the timers of `SANDBOX_TIMERS_SOURCE`, removes what a
 * script has no use for, runs the body and answers with one JSON text (the envelope), or with `PENDING_MARKER`
 * when the body returned a promise. The caller then calls `SANDBOX_STEP_SOURCE` (each call after the isolate
 * has drained its microtasks) until it answers an envelope: a number instead means the promise is still
 * pending and a timer is due in that many milliseconds (0: one just ran, call again at once).
 *
 * The envelope is taken as soon as the value is ready: timers still pending then never run.
 *
 * Values leave the sandbox as JSON text written by `jsonText` below, which never calls a `toJSON` or
 * `JSON.stringify` the script could have replaced on a prototype; the host still parses and checks the
 * envelope, so a script that tampers with the built-ins can only spoil its own result.
 *
 * When the caller passes `heldOutChars` (above 0), a value text at least that long (the result, a field of
 * a result that is an object, or a `send_output` value) is held out of the envelope: `null` stands in its
 * place, `held` lists the places (`["value"]`, `["value", key]`, `["outputs", index]`), and the answer is an
 * array: the envelope, then the held texts in that order. The host then need not parse them to find them.
 */
export const SANDBOX_BOOTSTRAP_SCRIPT = String.raw`(function sandboxBootstrap(code, limitsJson, globalsJson, heldOutChars, withTimers) {
'use strict';
const g = globalThis;
const stringify = JSON.stringify;
const parse = JSON.parse;
const keysOf = Object.keys;
const defineProperty = Object.defineProperty;
const isArray = Array.isArray;
const isFinite = Number.isFinite;
const apply = Reflect.apply;
const toStringTag = Object.prototype.toString;
const regexTest = RegExp.prototype.test;
const toText = String;
const FunctionConstructor = Function;
const ErrorConstructor = Error;
const limits = parse(limitsJson);
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const logs = [];
let droppedLogs = 0;
const outputs = [];
const held = [];
const heldTexts = [];
// Characters the held texts have beyond the 'null' standing in for each, so that the size of a value counts them.
let heldExtraChars = 0;

function holdOut(text, place) {
  if (!(heldOutChars > 0) || text === undefined || text.length < heldOutChars) return text;
  held[held.length] = place;
  heldTexts[heldTexts.length] = text;
  heldExtraChars += text.length - 4;
  return 'null';
}

function cut(text, max) {
  return text.length > max ? text.slice(0, max) + '... [cut]' : text;
}

function childPath(path, key) {
  if (typeof key === 'number') return path + '[' + key + ']';
  return apply(regexTest, IDENTIFIER, [key]) ? path + '.' + key : path + '[' + stringify(key) + ']';
}

function notJson(path, what) {
  return new ErrorConstructor(path + ' is ' + what + ', which is not JSON');
}

function describeTag(tag) {
  const name = tag.slice(8, -1);
  return (/^[AEIOU]/.test(name) ? 'an ' : 'a ') + name;
}

function jsonText(value, path, stack, holdFields) {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string': return stringify(value);
    case 'boolean': return value ? 'true' : 'false';
    case 'number': return isFinite(value) ? toText(value) : 'null';
    case 'undefined': return undefined;
    case 'function': throw notJson(path, 'a function');
    case 'symbol': throw notJson(path, 'a symbol');
    case 'bigint': throw notJson(path, 'a BigInt');
  }
  if (stack.length >= limits.maxDepth) throw new ErrorConstructor(path + ' is nested more than ' + limits.maxDepth + ' levels deep');
  if (stack.indexOf(value) !== -1) throw notJson(path, 'a circular reference');
  if (typeof value.toJSON === 'function') {
    stack.push(value);
    const replaced = jsonText(value.toJSON(), path, stack);
    stack.pop();
    return replaced;
  }
  const tag = apply(toStringTag, value, []);
  if (tag === '[object Number]' || tag === '[object String]' || tag === '[object Boolean]') {
    return jsonText(value.valueOf(), path, stack);
  }
  stack.push(value);
  let text;
  if (isArray(value)) {
    text = '[';
    for (let i = 0; i < value.length; i++) {
      const item = jsonText(value[i], childPath(path, i), stack);
      text += (i === 0 ? '' : ',') + (item === undefined ? 'null' : item);
    }
    text += ']';
  } else {
    if (tag !== '[object Object]') throw notJson(path, describeTag(tag));
    text = '{';
    let first = true;
    for (const key of keysOf(value)) {
      let item = jsonText(value[key], childPath(path, key), stack);
      if (item === undefined) continue;
      if (holdFields === true && stack.length === 1) item = holdOut(item, ['value', key]);
      text += (first ? '' : ',') + stringify(key) + ':' + item;
      first = false;
    }
    text += '}';
  }
  stack.pop();
  return text;
}

function messageOf(error) {
  try {
    if (error !== null && typeof error === 'object') {
      const name = error.name;
      const message = error.message;
      if (typeof message === 'string') {
        const named = typeof name === 'string' && name !== '' && name !== 'Error';
        if (message === '') return named ? name : 'Error';
        return named ? name + ': ' + message : message;
      }
    }
    if (typeof error === 'string') return error;
    const text = stringify(error);
    return text === undefined ? toText(error) : text;
  } catch (_) {
    return 'the script threw a value that cannot be described';
  }
}

function formatLogArgument(value) {
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object' && typeof value.message === 'string' && typeof value.name === 'string') {
    return value.name + ': ' + value.message;
  }
  try {
    const text = stringify(value);
    return text === undefined ? toText(value) : text;
  } catch (_) {
    return toText(value);
  }
}

function logger(prefix) {
  return function log() {
    if (logs.length >= limits.maxLogLines) {
      droppedLogs++;
      return;
    }
    let line = prefix;
    for (let i = 0; i < arguments.length; i++) line += (i === 0 ? '' : ' ') + formatLogArgument(arguments[i]);
    logs.push(stringify(cut(line, limits.maxLogLineChars)));
  };
}

function logsText() {
  const all = droppedLogs === 0 ? logs : logs.concat([stringify('... ' + droppedLogs + ' more log lines dropped')]);
  return '[' + all.join(',') + ']';
}

function send_output(port, value) {
  if (typeof port !== 'string') throw new ErrorConstructor('send_output: the port must be a string');
  if (outputs.length >= limits.maxOutputs) throw new ErrorConstructor('send_output was called more than ' + limits.maxOutputs + ' times');
  const text = holdOut(checkedSize(jsonText(value, 'the value sent on ' + stringify(port), []), 0, 'the value sent on ' + stringify(port)), ['outputs', outputs.length]);
  outputs.push('{"port":' + stringify(port) + ',"value":' + (text === undefined ? 'null' : text) + '}');
}

function success(value) {
  let text;
  try {
    const heldBefore = held.length;
    const extraBefore = heldExtraChars;
    text = checkedSize(jsonText(value, 'result', [], true), heldExtraChars - extraBefore, 'the result');
    // A value whose fields were held out is sent as it is, its fields beside it.
    if (held.length === heldBefore) text = holdOut(text, ['value']);
  } catch (error) {
    return failure(error);
  }
  const envelope = '{"ok":true,"value":' + (text === undefined ? 'null' : text) + ',"outputs":[' + outputs.join(',') + '],"logs":' + logsText() +
    (held.length === 0 ? '' : ',"held":' + stringify(held)) + '}';
  if (held.length === 0) return envelope;
  const answer = [envelope];
  for (let i = 0; i < heldTexts.length; i++) answer[i + 1] = heldTexts[i];
  return answer;
}

function checkedSize(text, heldChars, what) {
  if (text !== undefined && text.length + heldChars > limits.maxValueChars) {
    throw new ErrorConstructor(what + ' is larger than ' + limits.maxValueChars + ' characters of JSON');
  }
  return text;
}

function failure(error) {
  return '{"ok":false,"error":' + stringify(cut(messageOf(error), limits.maxErrorChars)) + ',"logs":' + logsText() + '}';
}

${SANDBOX_TIMERS_SOURCE}
delete g.WebAssembly;
delete g.SharedArrayBuffer;
delete g.Atomics;
const globals = parse(globalsJson);
for (const key of keysOf(globals)) {
  defineProperty(g, key, { value: globals[key], writable: true, enumerable: true, configurable: true });
}
const consoleObject = { log: logger(''), info: logger(''), debug: logger(''), warn: logger('[warn] '), error: logger('[error] ') };
defineProperty(g, 'console', { value: consoleObject, writable: true, enumerable: false, configurable: true });
defineProperty(g, 'send_output', { value: send_output, writable: true, enumerable: false, configurable: true });
defineProperty(g, '__sandbox_logs__', { value: logsText, writable: false, enumerable: false, configurable: false });
if (withTimers === true) installTimers();

let body;
try {
  body = new FunctionConstructor(code);
} catch (error) {
  return failure(error);
}
let result;
try {
  result = apply(body, undefined, []);
} catch (error) {
  return failure(error);
}
if (result === null || (typeof result !== 'object' && typeof result !== 'function')) return success(result);
let then;
try {
  then = result.then;
} catch (error) {
  return failure(error);
}
if (typeof then !== 'function') return success(result);
let state = 'pending';
let settled;
try {
  apply(then, result, [
    function (value) { state = 'fulfilled'; settled = value; },
    function (error) { state = 'rejected'; settled = error; },
  ]);
} catch (error) {
  return failure(error);
}
defineProperty(g, '__sandbox_step__', {
  value: function () {
    if (state === 'fulfilled') return success(settled);
    if (state === 'rejected') return failure(settled);
    let next;
    try {
      next = runTimer();
    } catch (error) {
      return failure(error);
    }
    return next === undefined ? failure(new ErrorConstructor('the script returned a promise that never settled')) : next;
  },
  writable: false,
  enumerable: false,
  configurable: false,
});
return 'pending';
})`;

/** What the bootstrap answers when the script returned a promise, instead of an envelope. */
export const PENDING_MARKER = 'pending';

/**
 * Reads the envelope of a script whose promise settled, or runs its next due timer (answering 0), or answers
 * the milliseconds until that timer is due; a promise that nothing can settle any more is a failure.
 */
export const SANDBOX_STEP_SOURCE = 'return __sandbox_step__();';

/** Reads the console lines recorded so far, as a JSON array text (used after a timeout). */
export const SANDBOX_LOGS_SOURCE = 'return __sandbox_logs__();';
