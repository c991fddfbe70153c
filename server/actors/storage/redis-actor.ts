import { z } from 'zod';
import { ActorError, type FiringEffects, type JsonValue, defineActor, errorMessage, errorOutPort, isJsonObject } from '../../engine';
import { type EgressPolicy } from '../../outbound-http';
import { DEFAULT_EGRESS } from '../network/network-actor-options';
import { choiceSetting, numberSetting, optionalText, requiredText } from '../shared';
import { runRedis } from './redis-connection';

/** The commands of the `tpl_redis` template. */
const REDIS_COMMANDS = ['GET', 'SET', 'DEL', 'EXISTS', 'EXPIRE', 'HGET', 'HSET', 'LPUSH', 'RPOP'] as const;
type RedisCommand = (typeof REDIS_COMMANDS)[number];

/** What each command does to the server: the reads are safe to run again, every write is made once. */
const REDIS_COMMAND_EFFECTS: Readonly<Record<RedisCommand, Exclude<FiringEffects, 'none'>>> = {
  GET: 'repeatable',
  EXISTS: 'repeatable',
  HGET: 'repeatable',
  SET: 'once',
  DEL: 'once',
  EXPIRE: 'once',
  HSET: 'once',
  LPUSH: 'once',
  RPOP: 'once',
};

/** The `tpl_redis` properties, plus the server's URL of this service's own. */
const RedisConfigSchema = z.object({
  command: choiceSetting('The command; a command-in packet replaces it for one firing', REDIS_COMMANDS, 'GET'),
  key: requiredText('The key the command works on'),
  database: numberSetting('The database index', z.number().int().min(0).max(255).default(0)),
  expiry: numberSetting('Seconds to live: SET sets it, EXPIRE uses it when args-in gives none', z.number().int().min(1).optional()),
  url: optionalText('redis://[user:password@]host:port; when unset, the secret REDIS_URL, else redis://127.0.0.1:6379'),
});

/** A value as Redis stores it: text as it is, anything else as its JSON text. */
function redisValue(value: JsonValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The arguments of one command after the key, from `args-in` (an array, or one value) and the settings. */
function commandArgs(command: RedisCommand, args: JsonValue[], expiry: number | undefined): string[] {
  const need = (count: number, what: string): void => {
    if (args.length < count) throw new Error(`${command} needs ${what} on args-in`);
  };
  switch (command) {
    case 'SET':
      need(1, 'the value');
      return expiry === undefined ? [redisValue(args[0])] : [redisValue(args[0]), 'EX', String(expiry)];
    case 'EXPIRE': {
      const seconds = args[0] ?? expiry;
      if (seconds === undefined || seconds === null) throw new Error('EXPIRE needs the seconds on args-in or in expiry');
      return [redisValue(seconds)];
    }
    case 'HGET':
      need(1, 'the field');
      return [redisValue(args[0])];
    case 'HSET': {
      // An object gives the fields and values; otherwise the arguments alternate field, value.
      const pairs = args.length === 1 && isJsonObject(args[0]) ? Object.entries(args[0]).flat() : args;
      if (pairs.length === 0 || pairs.length % 2 !== 0) throw new Error('HSET needs field, value pairs (or an object of them) on args-in');
      return pairs.map(redisValue);
    }
    case 'LPUSH':
      need(1, 'at least one value');
      return args.map(redisValue);
    default:
      return [];
  }
}

/** What a `command-in` packet asks for: a command name, or `{command, key?, args?}`. */
function readCommandPacket(packet: JsonValue | undefined): { command?: string; key?: string; args?: JsonValue } {
  if (packet === undefined || packet === null) return {};
  if (typeof packet === 'string') return { command: packet };
  if (isJsonObject(packet)) {
    const { command, key, args } = packet;
    return { command: typeof command === 'string' ? command : undefined, key: typeof key === 'string' ? key : undefined, args };
  }
  throw new Error('command-in must be a command name or {command, key, args}');
}

/**
 * The command of one firing: the `command-in` packet's, else the node's.
 * @throws Error when it is not one of {@link REDIS_COMMANDS}
 */
function commandOf(asked: { command?: string }, configured: string): RedisCommand {
  const name = (asked.command ?? configured).toUpperCase();
  const command = REDIS_COMMANDS.find((known) => known === name);
  if (command === undefined) throw new Error(`Redis command '${name}' is not one of ${REDIS_COMMANDS.join(', ')}`);
  return command;
}

/** The effects of one firing, by its command; a packet the firing will refuse changes nothing. */
function firingEffects(config: z.output<typeof RedisConfigSchema>, inputs: Readonly<Record<string, JsonValue>>): Exclude<FiringEffects, 'none'> {
  try {
    return REDIS_COMMAND_EFFECTS[commandOf(readCommandPacket(inputs['command-in']), config.command)];
  } catch {
    return 'repeatable';
  }
}

/**
 * Builds the `tpl_redis` actor: runs one command per packet on `command-in` or `args-in` (once at start
 * when neither is fed), on the run's client for its server and database. The reply goes to `result-out`
 * as Redis gives it (text, a number or null); a refused command goes to `error-out` with Redis's error code.
 */
export function createRedisActor(options: { egress?: EgressPolicy } = {}) {
  return defineActor({
    id: 'tpl_redis',
    title: 'Redis',
    description: 'Runs a Redis command (GET, SET, DEL, EXISTS, EXPIRE, HGET, HSET, LPUSH, RPOP) on a key.',
    inports: {
      'command-in': { type: 'all', description: 'A command name, or {command, key, args}, replacing the settings for one firing.' },
      'args-in': {
        type: 'all',
        description: 'The arguments after the key: an array, or one value (SET value, HGET field, HSET pairs or an object, LPUSH values).',
      },
    },
    outports: { 'result-out': { type: 'all', description: "The command's reply." }, ...errorOutPort('when Redis refuses the command or cannot be reached') },
    config: RedisConfigSchema,
    effects: firingEffects,
    fire: async (ctx) => {
      const { config, inputs, send } = ctx;
      const asked = readCommandPacket(inputs['command-in']);
      const command = commandOf(asked, config.command);
      const given = asked.args ?? inputs['args-in'];
      const args = given === undefined || given === null ? [] : Array.isArray(given) ? given : [given];
      const key = asked.key ?? config.key;
      const client = await runRedis(ctx, { url: config.url, database: config.database }, options.egress ?? DEFAULT_EGRESS);
      let reply: unknown;
      try {
        reply = await client.call(command, key, ...commandArgs(command, args, config.expiry));
      } catch (error) {
        const message = errorMessage(error);
        throw new ActorError(`Redis ${command} ${key}: ${message}`, { code: /^[A-Z]+\b/.exec(message)?.[0] ?? 'ERROR' });
      }
      await send('result-out', reply === undefined ? null : (reply as JsonValue));
    },
  });
}
