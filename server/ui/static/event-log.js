// The event log panel: one row per event, appended in batches once per frame so long runs stay smooth.

import { h, preview } from './dom.js';

/** Rows kept on the page; later events are counted, and the whole log stays readable through the API. */
export const MAX_ROWS = 5000;

/** One line that says what an event means; `name(id)` says how to name a node (its title with its id in brackets). */
export function describeEvent(event, name = (id) => id) {
  switch (event._type) {
    case 'NetworkStarted':
      return `workflow ${event.workflowId}`;
    case 'ActorStarted':
      return `${name(event.actorId)} (${event.component})`;
    case 'ActorCompleted':
      return `${name(event.actorId)} in ${event.durationMs} ms`;
    case 'ActorFailed':
      return `${name(event.actorId)}: ${event.error}`;
    case 'MessageSent':
      return `${name(event.fromActor)}.${event.fromPort} → ${name(event.toActor)}.${event.toPort}  ${preview(event.message)}${event.truncated ? ' (truncated)' : ''}`;
    case 'ActorRetrying':
      return `${name(event.actorId)}: attempt ${event.attempt} failed (${event.error}); again in ${event.delayMs} ms`;
    case 'ExecutionResumed':
      return `resumed on ${event.nodeId} after its process stopped (${event.journaled} journaled firings replayed)`;
    case 'EventsDropped':
      return `${event.dropped} packet events left out of the log`;
    case 'Completed':
      return `in ${event.result.duration_ms} ms`;
    case 'Failed':
      return event.error;
    default:
      return '';
  }
}

const clock = (timestamp) => {
  const date = new Date(timestamp);
  return `${date.toLocaleTimeString(undefined, { hour12: false })}.${String(date.getMilliseconds()).padStart(3, '0')}`;
};

/** The rows of an execution's events in an `<ol>`. */
export class EventLog {
  #list;
  #pending = [];
  #rows = 0;
  #left = 0;
  #frame = 0;
  #name = (id) => id;

  constructor(list) {
    this.#list = list;
  }

  /** How rows name nodes from now on: `name(id)`, such as the node's title with its id in brackets. */
  nameNodes(name) {
    this.#name = name;
  }

  /** Empties the log, for another execution. */
  clear() {
    cancelAnimationFrame(this.#frame);
    this.#frame = 0;
    this.#pending = [];
    this.#rows = 0;
    this.#left = 0;
    this.#list.replaceChildren();
  }

  /** Queues an event's row; rows reach the page at the next frame. */
  append(event) {
    this.#pending.push(event);
    if (this.#frame === 0) this.#frame = requestAnimationFrame(() => this.#flush());
  }

  #flush() {
    this.#frame = 0;
    const list = this.#list;
    // Follow the newest row only when the reader is already at the bottom.
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
    const rows = [];
    for (const event of this.#pending) {
      if (this.#rows >= MAX_ROWS) {
        this.#left += 1;
        continue;
      }
      this.#rows += 1;
      const text = describeEvent(event, this.#name);
      rows.push(
        h(
          'li',
          { class: `log-row type-${event._type}`, 'data-seq': event.seq },
          h('span', { class: 'log-seq', text: String(event.seq) }),
          h('span', { class: 'log-time', text: clock(event.timestamp) }),
          h('span', { class: 'log-type', text: event._type }),
          h('span', { class: 'log-text', text, title: text }),
        ),
      );
    }
    this.#pending = [];
    list.append(...rows);
    if (this.#left > 0) {
      list.querySelector('.log-more')?.remove();
      list.append(h('li', { class: 'log-more', text: `${this.#left} more events: read them with GET /workflows/{id}/events` }));
    }
    if (atBottom) list.scrollTop = list.scrollHeight;
  }
}
