// The list of executions in the sidebar: filters, status colours, paging, and a refresh while runs are live.

import { listExecutions } from './api.js';
import { formatDuration, formatTime, h } from './dom.js';

const PAGE_SIZE = 30;
/** How often the list refreshes while one of its runs is queued or running. */
const REFRESH_MS = 5000;

/** The sidebar list; `onError(error)` shows failures, `selected` is the id shown on the right. */
export class ExecutionList {
  #elements;
  #onError;
  #filters = { status: '', workflow_id: '' };
  #items = [];
  #cursor = null;
  #selected = '';
  #timer = 0;
  #generation = 0;

  constructor(elements, onError) {
    this.#elements = elements;
    this.#onError = onError;
    elements.more.addEventListener('click', () => this.#load(true));
  }

  /** Sets the filters (`status`, `workflow_id`) and reloads the first page. */
  filter(filters) {
    this.#filters = filters;
    return this.reload();
  }

  /** Reloads the first page with the current filters. */
  reload() {
    return this.#load(false);
  }

  /** Marks the execution shown on the right. */
  select(id) {
    this.#selected = id;
    for (const row of this.#elements.list.children) row.classList.toggle('selected', row.dataset.id === id);
  }

  async #load(more) {
    clearTimeout(this.#timer);
    const generation = ++this.#generation;
    try {
      const page = await listExecutions({ ...this.#filters, limit: PAGE_SIZE, cursor: more ? this.#cursor : undefined });
      // A newer load (another filter, a refresh) won the race: this answer is stale.
      if (generation !== this.#generation) return;
      this.#items = more ? [...this.#items, ...page.items] : page.items;
      this.#cursor = page.next_cursor;
      this.#render();
    } catch (error) {
      if (generation === this.#generation) this.#onError(error);
    }
    if (generation === this.#generation && this.#items.some((item) => item.status === 'queued' || item.status === 'running')) {
      this.#timer = setTimeout(() => this.reload(), REFRESH_MS);
    }
  }

  #render() {
    const { list, more, count } = this.#elements;
    list.replaceChildren(...this.#items.map((item) => this.#row(item)));
    if (this.#items.length === 0) list.append(h('li', { class: 'list-empty', text: 'No executions match.' }));
    more.hidden = this.#cursor === null;
    count.textContent = `${this.#items.length}${this.#cursor === null ? '' : '+'} shown`;
  }

  #row(item) {
    const link = h(
      'a',
      { href: `#/executions/${encodeURIComponent(item.id)}` },
      h(
        'span',
        { class: 'row-top' },
        // The workflow's name for people, its id in the tooltip (the filter matches ids).
        h('span', { class: 'row-workflow', text: item.workflow_name || item.workflow_id, title: `workflow id: ${item.workflow_id}` }),
        h('span', { class: `badge status-${item.status}`, text: item.status }),
      ),
      h('span', { class: 'row-id', text: item.id }),
      h(
        'span',
        { class: 'row-bottom' },
        h('span', { text: formatTime(item.created_at) }),
        h('span', { text: `${item.source} · ${formatDuration(item.started_at, item.ended_at)}` }),
      ),
    );
    return h('li', { class: item.id === this.#selected ? 'execution-row selected' : 'execution-row', 'data-id': item.id, 'data-status': item.status }, link);
  }
}
