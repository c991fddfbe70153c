// Preloaded into a benchmarked server process: measures its event-loop delay and answers the parent's
// requests over IPC ('reset' starts a window, 'report' answers p50/p99/max in ms of the window).
const { monitorEventLoopDelay } = require('node:perf_hooks');

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
process.on('message', (message) => {
  if (message === 'reset') histogram.reset();
  if (message === 'report') {
    process.send({ p50: histogram.percentile(50) / 1e6, p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 });
  }
});
