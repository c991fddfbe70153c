// Wires the page: the token field, the filters, the list and the execution shown for the address's `#/executions/<id>`.

import { ExecutionList } from './execution-list.js';
import { ExecutionView } from './execution-view.js';
import { readToken, saveToken } from './token-store.js';

const $ = (id) => document.getElementById(id);

let rateLimitTimer = 0;

// A 429 is a wait, not a failure: a banner counts the Retry-After down, then the list is asked for again.
function showRateLimit(error) {
  clearTimeout(rateLimitTimer);
  const tick = (seconds) => {
    if (seconds <= 0) {
      $('rate-limit').hidden = true;
      list.reload();
      return;
    }
    $('rate-limit-text').textContent = `${error.message} The page asks again in ${seconds} s.`;
    $('rate-limit').dataset.retryAfter = String(seconds);
    rateLimitTimer = setTimeout(() => tick(seconds - 1), 1000);
  };
  $('rate-limit').hidden = false;
  tick(error.retryAfterSeconds ?? 60);
}

function showError(error) {
  if (error.status === 429) return showRateLimit(error);
  $('notice-text').textContent = error.message;
  $('notice').hidden = false;
}

function hideError() {
  $('notice').hidden = true;
}

const list = new ExecutionList({ list: $('executions'), more: $('more'), count: $('list-count') }, showError);

const view = new ExecutionView(
  {
    empty: $('empty'),
    panel: $('execution'),
    title: $('execution-id'),
    status: $('execution-status'),
    stream: $('stream-state'),
    meta: $('execution-meta'),
    cancel: $('cancel'),
    rerun: $('rerun'),
    graph: $('graph'),
    log: $('log'),
    showPackets: $('show-packets'),
    outputs: $('outputs'),
  },
  {
    onError: showError,
    onChanged: () => list.reload(),
    navigate: (id) => (location.hash = `#/executions/${encodeURIComponent(id)}`),
  },
);

// The id in `#/executions/<id>`, or '' for none (also for an address that is not valid percent-encoding).
function routedId() {
  const match = /^#\/executions\/(.+)$/.exec(location.hash);
  try {
    return match ? decodeURIComponent(match[1]) : '';
  } catch {
    return '';
  }
}

function route() {
  const id = routedId();
  list.select(id);
  if (id) view.show(id);
  else view.clear();
}

$('token').value = readToken();
$('token-form').addEventListener('submit', (event) => {
  event.preventDefault();
  saveToken($('token').value.trim());
  hideError();
  list.reload();
  route();
});
$('token-forget').addEventListener('click', () => {
  saveToken('');
  $('token').value = '';
  list.reload();
});
$('filters').addEventListener('submit', (event) => {
  event.preventDefault();
  hideError();
  list.filter({ status: $('filter-status').value, workflow_id: $('filter-workflow').value.trim() });
});
$('filter-status').addEventListener('change', () => $('filters').requestSubmit());
$('refresh').addEventListener('click', () => list.reload());
$('notice-close').addEventListener('click', hideError);
window.addEventListener('hashchange', () => {
  hideError();
  route();
});

list.reload();
route();
