// Probes a URL every INTERVAL_MS from a process of its own, so that its timings are the server's, not those of
// a benchmark process busy with a thousand sockets. Stops when its parent sends 'stop', answering the
// latencies of every probe (ms) as one IPC message, then exits.
const { performance } = require('node:perf_hooks');
const { setTimeout: sleep } = require('node:timers/promises');
const { request } = require('node:http');

const url = process.env.PROBE_URL;
const interval = Number(process.env.INTERVAL_MS ?? 25);
const latencies = [];
let probing = true;

process.on('message', (message) => {
  if (message === 'stop') probing = false;
});

(async () => {
  process.send('started');
  while (probing) {
    const sent = performance.now();
    await new Promise((resolve, reject) =>
      request(url, (res) => res.resume().on('end', resolve))
        .on('error', reject)
        .end(),
    );
    latencies.push(performance.now() - sent);
    await sleep(interval);
  }
  process.send({ latencies }, () => process.exit(0));
})();
