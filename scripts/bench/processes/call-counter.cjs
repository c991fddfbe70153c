// Preloaded into a benchmarked cluster node: counts what the node asks of PostgreSQL and Redis, in the process
// itself, and answers the parent's requests over IPC ({ calls: 'reset' } starts a window, { calls: 'report' }
// answers the counts of the window as { calls: {...} }).
//
// PostgreSQL: every `query` of a node-postgres client is one round trip (the pool's queries go through a client);
// a text without parameters may hold several statements, counted by their `;`. A transaction is a COMMIT, or a
// statement run outside BEGIN ... COMMIT (its own transaction). Redis: every command ioredis sends is counted
// (BullMQ's scripts are one EVALSHA each); a pipeline or MULTI is one round trip for all its commands.
const pg = require('pg');
const { Redis } = require('ioredis');
const Pipeline = require('ioredis/built/Pipeline').default;

const zero = () => ({ pgRoundTrips: 0, pgStatements: 0, pgTransactions: 0, redisCommands: 0, redisRoundTrips: 0, redisByCommand: {} });
let counts = zero();
const inTransaction = new WeakSet();

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, values, callback) {
  const text = typeof config === 'string' ? config : config && typeof config.text === 'string' ? config.text : '';
  const hasValues = Array.isArray(values) || (config && Array.isArray(config.values));
  const statements = hasValues ? 1 : Math.max(1, text.split(';').filter((part) => part.trim() !== '').length);
  counts.pgRoundTrips += 1;
  counts.pgStatements += statements;
  const verb = text.trim().split(/\s+/)[0].toUpperCase();
  if (verb === 'BEGIN') inTransaction.add(this);
  else if (verb === 'COMMIT' || verb === 'ROLLBACK') {
    inTransaction.delete(this);
    counts.pgTransactions += 1;
  } else if (!inTransaction.has(this)) counts.pgTransactions += statements;
  return query.call(this, config, values, callback);
};

const sendCommand = Redis.prototype.sendCommand;
Redis.prototype.sendCommand = function countedSendCommand(command, stream) {
  counts.redisCommands += 1;
  if (!(stream && stream.isPipeline)) counts.redisRoundTrips += 1;
  const name = command.name === 'evalsha' || command.name === 'eval' ? `${command.name} (script)` : command.name;
  counts.redisByCommand[name] = (counts.redisByCommand[name] || 0) + 1;
  return sendCommand.call(this, command, stream);
};

const exec = Pipeline.prototype.exec;
Pipeline.prototype.exec = function countedExec(...args) {
  counts.redisRoundTrips += 1;
  return exec.apply(this, args);
};

process.on('message', (message) => {
  if (!message || typeof message !== 'object' || message.calls === undefined) return;
  if (message.calls === 'reset') counts = zero();
  if (message.calls === 'report') process.send({ calls: counts });
});
