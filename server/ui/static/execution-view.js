// One execution on the right: its header and buttons, its graph with live node states, the event log and the outputs.

import { cancelExecution, eventsUrl, getExecution, getExecutionRequest, rerunRequest, startExecution } from './api.js';
import { formatDuration, formatTime, h } from './dom.js';
import { EventLog } from './event-log.js';
import { followEvents } from './event-stream.js';
import { edgeKey, graphModel, nodeTitles } from './graph-model.js';
import { layoutGraph } from './graph-layout.js';
import { GraphView } from './graph-view.js';
import { NodeStates } from './node-states.js';

const TERMINAL = { Completed: 'completed', Failed: 'failed', Cancelled: 'cancelled' };
const ACTIVE = new Set(['queued', 'running']);

/** What the output keys of titled nodes are called (`Square Root: result-out`), each key in smaller text; the JSON below keeps the keys. */
function outputLabels(result) {
  const labels = Object.entries(result.names?.outputs ?? {}).filter(([key]) => key in result.outputs);
  if (labels.length === 0) return '';
  return h(
    'dl',
    { class: 'output-labels' },
    labels.map(([key, label]) => h('div', { 'data-output': key }, h('dt', { text: label }), h('dd', { class: 'output-key', text: key }))),
  );
}

/** The detail panel; `hooks` are `onError(error)`, `onChanged()` (an execution started or ended) and `navigate(id)`. */
export class ExecutionView {
  #el;
  #hooks;
  #graph;
  #log;
  #controller = new AbortController();
  #execution;
  #request;
  #states;
  /** Node id to title, from the graph (a result's names fill in what it lacks). */
  #titles = new Map();

  constructor(elements, hooks) {
    this.#el = elements;
    this.#hooks = hooks;
    this.#graph = new GraphView(elements.graph);
    this.#log = new EventLog(elements.log);
    elements.cancel.addEventListener('click', () => this.#cancel());
    elements.rerun.addEventListener('click', () => this.#rerun());
    elements.showPackets.addEventListener('change', () => elements.log.classList.toggle('hide-packets', !elements.showPackets.checked));
  }

  /** Shows nothing: no execution is selected. */
  clear() {
    this.#controller.abort();
    this.#el.panel.hidden = true;
    this.#el.empty.hidden = false;
  }

  /** Shows an execution and follows its events live until its end. */
  async show(id) {
    this.#controller.abort();
    const controller = (this.#controller = new AbortController());
    const el = this.#el;
    el.empty.hidden = true;
    el.panel.hidden = false;
    el.title.textContent = id;
    el.cancel.disabled = el.rerun.disabled = true;
    this.#setStream('loading');
    this.#log.clear();
    el.outputs.replaceChildren(h('p', { class: 'muted', text: 'Loading…' }));
    el.graph.replaceChildren();
    let execution;
    let request;
    try {
      [execution, request] = await Promise.all([getExecution(id), getExecutionRequest(id)]);
    } catch (error) {
      if (!controller.signal.aborted) {
        this.#setStream('none');
        el.outputs.replaceChildren(h('p', { class: 'muted', text: error.message }));
        this.#hooks.onError(error);
      }
      return;
    }
    if (controller.signal.aborted) return;
    this.#execution = execution;
    this.#request = request;
    this.#titles = nodeTitles(request.graph_json);
    this.#log.nameNodes((nodeId) => this.#nodeName(nodeId));
    this.#renderHeader();
    this.#renderResult(execution.result);
    const model = graphModel(request.graph_json);
    this.#graph.draw(layoutGraph(model));
    this.#states = new NodeStates(model.nodes.filter((node) => node.kind === 'process').map((node) => node.id));
    this.#follow(id, model, controller.signal);
  }

  #follow(id, model, signal) {
    followEvents(eventsUrl(id), {
      signal,
      onConnection: (state, error) => this.#setStream(state === 'open' ? 'live' : 'reconnecting', error),
      onEvent: (event) => this.#onEvent(event, model),
      onEnd: async () => {
        this.#setStream('ended');
        try {
          const execution = await getExecution(id);
          if (signal.aborted) return;
          this.#execution = execution;
          this.#renderHeader();
          this.#renderResult(execution.result);
        } catch (error) {
          if (!signal.aborted) this.#hooks.onError(error);
        }
        this.#hooks.onChanged();
      },
      onError: (error) => {
        this.#setStream('none');
        this.#hooks.onError(error);
      },
    });
  }

  #onEvent(event, model) {
    this.#log.append(event);
    for (const nodeId of this.#states.apply(event)) this.#graph.setNodeState(nodeId, this.#states.get(nodeId));
    if (event._type === 'MessageSent') this.#graph.countPacket(edgeKey(event.fromActor, event.fromPort, event.toActor, event.toPort));
    if (event._type === 'NetworkStarted') {
      // Inputs and initial packets are delivered as the network starts.
      for (const node of model.nodes) {
        if (node.kind === 'initial' || (node.kind === 'inport' && node.label in (this.#request.input ?? {})))
          this.#graph.setNodeState(node.id, { state: 'completed' });
      }
      this.#setStatus('running');
    }
    if (event._type in TERMINAL) {
      this.#setStatus(TERMINAL[event._type]);
      this.#renderResult(event.result);
      for (const node of model.nodes)
        if (node.kind === 'outport' && event.result.outputs?.[node.label] !== undefined) this.#graph.setNodeState(node.id, { state: 'completed' });
    }
  }

  /** How the page names a node: its title with its id in brackets, or its id alone. */
  #nodeName(id, names) {
    const title = this.#titles.get(id) ?? names?.nodes?.[id];
    return title ? `${title} [${id}]` : id;
  }

  #setStatus(status) {
    if (this.#execution.status === status) return;
    this.#execution = { ...this.#execution, status };
    this.#renderHeader();
  }

  #setStream(state, error) {
    const labels = { loading: 'loading…', live: 'live', reconnecting: 'reconnecting…', ended: 'log complete', none: '' };
    this.#el.stream.textContent = labels[state];
    this.#el.stream.title = error?.message ?? '';
    this.#el.stream.dataset.state = state;
  }

  #renderHeader() {
    const el = this.#el;
    const execution = this.#execution;
    // The workflow's name leads; the execution id follows in smaller text.
    el.title.replaceChildren(
      ...(execution.workflow_name ? [execution.workflow_name, ' ', h('small', { class: 'title-id', text: execution.id })] : [execution.id]),
    );
    el.status.textContent = execution.status;
    el.status.className = `badge status-${execution.status}`;
    el.cancel.disabled = !ACTIVE.has(execution.status);
    el.rerun.disabled = this.#request === undefined;
    const rerunOf = this.#request?.metadata?.rerun_of;
    const fields = [
      [
        'Workflow',
        execution.workflow_name ? [execution.workflow_name, ' ', h('small', { class: 'meta-id', text: execution.workflow_id })] : execution.workflow_id,
      ],
      ['Source', execution.source],
      ['Created', formatTime(execution.created_at)],
      ['Started', formatTime(execution.started_at)],
      ['Ended', formatTime(execution.ended_at)],
      ['Duration', execution.started_at ? formatDuration(execution.started_at, execution.ended_at) : '-'],
    ];
    el.meta.replaceChildren(
      ...fields.map(([name, value]) => h('div', {}, h('dt', { text: name }), Array.isArray(value) ? h('dd', {}, ...value) : h('dd', { text: value }))),
    );
    if (typeof rerunOf === 'string')
      el.meta.append(h('div', {}, h('dt', { text: 'Re-run of' }), h('dd', {}, h('a', { href: `#/executions/${encodeURIComponent(rerunOf)}`, text: rerunOf }))));
  }

  #renderResult(result) {
    const el = this.#el;
    if (!result) {
      el.outputs.replaceChildren(h('p', { class: 'muted', text: 'The outputs appear when the run ends.' }));
      return;
    }
    const summary = h('p', { class: 'result-summary', text: `${result.nodes_executed} nodes ran, ${result.nodes_failed} failed, in ${result.duration_ms} ms` });
    const errors = result.errors.map((error) =>
      h('li', {}, error.node_id ? h('strong', { text: `${this.#nodeName(error.node_id, result.names)}: ` }) : '', error.message),
    );
    const outputs =
      Object.keys(result.outputs).length === 0
        ? h('p', { class: 'muted', text: 'No outputs.' })
        : h('pre', { class: 'outputs-json', text: JSON.stringify(result.outputs, null, 2) });
    el.outputs.replaceChildren(summary, errors.length ? h('ul', { class: 'result-errors' }, errors) : '', outputLabels(result), outputs);
  }

  async #cancel() {
    const id = this.#execution.id;
    this.#el.cancel.disabled = true;
    try {
      await cancelExecution(id);
    } catch (error) {
      this.#hooks.onError(error);
      this.#el.cancel.disabled = !ACTIVE.has(this.#execution.status);
    }
  }

  async #rerun() {
    this.#el.rerun.disabled = true;
    try {
      const started = await startExecution(rerunRequest(this.#request, this.#execution.id));
      this.#hooks.onChanged();
      this.#hooks.navigate(started.execution_id);
    } catch (error) {
      this.#hooks.onError(error);
      this.#el.rerun.disabled = false;
    }
  }
}
