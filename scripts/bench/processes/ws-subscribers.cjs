// A worker thread of the WebSocket benchmark: opens SOCKETS connections, says 'open', and for each execution
// id it is then sent, subscribes each socket, says 'subscribed' once every subscription is acknowledged, and
// answers, once every socket saw the terminal event, what each saw: the event seqs in order of arrival, the
// live delivery latencies (events stamped after the subscription was acknowledged) and how many events came
// before that (the replay). Several of them spread the parsing of a hundred subscribers' messages over the
// machine's cores, so that the load generator is not what is measured.
const { parentPort, workerData } = require('node:worker_threads');
const { WebSocket } = require('ws');

const TERMINAL = new Set(['Completed', 'Failed', 'Cancelled']);

function open(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

function follow(ws, executionId, acknowledged) {
  return new Promise((resolve) => {
    const seqs = [];
    const latencies = [];
    let replayed = 0;
    let ackedAt = Number.POSITIVE_INFINITY;
    ws.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'subscription_ack') {
        ackedAt = Date.now();
        acknowledged();
      }
      if (message.type !== 'network_event' || message.event === undefined) return;
      const { event } = message;
      seqs.push(event.seq);
      if (event.timestamp >= ackedAt) latencies.push(Date.now() - event.timestamp);
      else replayed++;
      if (!TERMINAL.has(event._type)) return;
      ws.removeAllListeners('message');
      resolve({ seqs, latencies, replayed });
    });
    ws.send(JSON.stringify({ type: 'subscribe_workflow', execution_id: executionId }));
  });
}

(async () => {
  const sockets = [];
  for (let i = 0; i < workerData.sockets; i++) sockets.push(await open(workerData.url));
  parentPort.on('message', async (executionId) => {
    let waiting = sockets.length;
    const acknowledged = () => {
      if (--waiting === 0) parentPort.postMessage({ type: 'subscribed' });
    };
    const followed = await Promise.all(sockets.map((ws) => follow(ws, executionId, acknowledged)));
    parentPort.postMessage({ type: 'followed', followed });
  });
  parentPort.postMessage('open');
})();
