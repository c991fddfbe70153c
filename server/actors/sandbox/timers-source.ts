/**
 * The timers of a sandbox context, as code spliced into the bootstrap (it uses the bootstrap's `apply`, `g` and
 * `defineProperty`). `setTimeout`, `setInterval`, `clearTimeout` and `clearInterval` keep each timer inside the
 * context, in a heap ordered by due time and then by creation; nothing of a timer reaches the host. The host
 * drives them through `runTimer()` (called by the bootstrap's `__sandbox_step__`): it runs the first timer once
 * it is due, one per call so that the isolate drains its microtasks between two callbacks as Node does, and
 * otherwise answers how long until it is due. A timer lives as long as its context: when the call ends, the
 * context goes and its pending timers with it.
 *
 * As in Node, a delay that is not a number from 1 to 2147483647 counts as 1 ms, an interval runs again its
 * delay after each callback starts, and a timer's id works with both clear functions. Ids are numbers.
 */
export const SANDBOX_TIMERS_SOURCE = String.raw`
const clock = Date.now;
const DateConstructor = Date;
const TypeErrorConstructor = TypeError;
const sliceOf = Array.prototype.slice;
const MAX_TIMER_DELAY = 2147483647;
// By id; an entry of the queue whose seq no longer matches its timer is stale (cleared, or an interval rescheduled).
const timers = { __proto__: null };
const timerQueue = [];
let lastTimerId = 0;
let lastTimerSeq = 0;

function timerNow() {
  return apply(clock, DateConstructor, []);
}

function earlier(a, b) {
  return a.due < b.due || (a.due === b.due && a.seq < b.seq);
}

function swapTimers(i, j) {
  const entry = timerQueue[i];
  timerQueue[i] = timerQueue[j];
  timerQueue[j] = entry;
}

function queueTimer(entry) {
  let i = timerQueue.length;
  timerQueue[i] = entry;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!earlier(timerQueue[i], timerQueue[parent])) return;
    swapTimers(i, parent);
    i = parent;
  }
}

function dropFirstTimer() {
  const last = timerQueue.pop();
  if (timerQueue.length === 0) return;
  timerQueue[0] = last;
  for (let i = 0; ; ) {
    const left = 2 * i + 1;
    let first = i;
    if (left < timerQueue.length && earlier(timerQueue[left], timerQueue[first])) first = left;
    if (left + 1 < timerQueue.length && earlier(timerQueue[left + 1], timerQueue[first])) first = left + 1;
    if (first === i) return;
    swapTimers(i, first);
    i = first;
  }
}

function scheduleTimer(id, timer, ms) {
  lastTimerSeq++;
  timer.seq = lastTimerSeq;
  queueTimer({ due: timerNow() + ms, seq: lastTimerSeq, id: id });
}

function addTimer(callback, delay, args, repeats) {
  if (typeof callback !== 'function') throw new TypeErrorConstructor('The timer callback must be a function');
  let ms = +delay;
  if (!(ms >= 1 && ms <= MAX_TIMER_DELAY)) ms = 1;
  lastTimerId++;
  const timer = { callback: callback, args: args, every: repeats ? ms : 0, seq: 0 };
  timers[lastTimerId] = timer;
  scheduleTimer(lastTimerId, timer, ms);
  return lastTimerId;
}

function clearTimer(id) {
  if (typeof id === 'number') delete timers[id];
}

// Runs the first timer when it is due and answers 0; else answers the milliseconds until it is due, or
// undefined when no timer is pending. A callback that throws throws here.
function runTimer() {
  let entry;
  while (timerQueue.length > 0) {
    entry = timerQueue[0];
    if (timers[entry.id] !== undefined && timers[entry.id].seq === entry.seq) break;
    dropFirstTimer();
    entry = undefined;
  }
  if (entry === undefined) return undefined;
  const wait = entry.due - timerNow();
  if (wait > 0) return wait;
  dropFirstTimer();
  const timer = timers[entry.id];
  if (timer.every > 0) scheduleTimer(entry.id, timer, timer.every);
  else delete timers[entry.id];
  apply(timer.callback, undefined, timer.args);
  return 0;
}

function installTimers() {
  const install = function (name, value) {
    defineProperty(g, name, { value: value, writable: true, enumerable: false, configurable: true });
  };
  install('setTimeout', function setTimeout(callback, delay) {
    return addTimer(callback, delay, apply(sliceOf, arguments, [2]), false);
  });
  install('setInterval', function setInterval(callback, delay) {
    return addTimer(callback, delay, apply(sliceOf, arguments, [2]), true);
  });
  install('clearTimeout', function clearTimeout(id) {
    clearTimer(id);
  });
  install('clearInterval', function clearInterval(id) {
    clearTimer(id);
  });
}
`;
