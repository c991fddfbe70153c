import { type Command, Option } from 'commander';
import { DEFAULT_SERVER_URL, TOKEN_ENVS, URL_ENV } from './server-connection';

const [TOKEN_ENV, SERVICE_TOKEN_ENV] = TOKEN_ENVS;

/**
 * The `--token` option: when not given, commander reads {@link TOKEN_ENV}, and failing that the default is
 * {@link SERVICE_TOKEN_ENV}'s value (described by its name, so that help never prints a token).
 */
export function tokenOption(env: Readonly<Record<string, string | undefined>> = process.env): Option {
  return new Option('--token <token>', `bearer token, for a service with auth_tokens; when not given, ${TOKEN_ENV}, else ${SERVICE_TOKEN_ENV}`)
    .env(TOKEN_ENV)
    .default(env[SERVICE_TOKEN_ENV], SERVICE_TOKEN_ENV);
}

/** The `--url` option, read from {@link URL_ENV} when not given, then `fallback` (none: the command works without a service). */
export function urlOption(description: string, fallback?: string): Option {
  return new Option('--url <url>', description).env(URL_ENV).default(fallback);
}

/** Adds `--url` (with the default address) and `--token` to a command that talks to a service. */
export function withServerOptions(command: Command): Command {
  return command.addOption(urlOption('address of the service', DEFAULT_SERVER_URL)).addOption(tokenOption());
}

/** The input options as commander parses them: `--input` pairs in order, and the file. */
export interface InputOptions {
  input?: string[];
  inputFile?: string;
}

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

/** Adds `-i, --input key=value` (repeatable) and `--input-file FILE`, read by `readRunInput`. */
export function withInputOptions(command: Command): Command {
  return command
    .option('-i, --input <key=value>', 'one input (repeatable); the value is read as JSON when it is JSON, as text otherwise', collect)
    .option('--input-file <file>', 'a JSON object of inputs (--input pairs win)');
}
