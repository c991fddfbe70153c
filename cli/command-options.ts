import { type Command, Option } from 'commander';
import { DEFAULT_SERVER_URL } from './server-connection';

/** The environment variable a token may come from instead of `--token`. */
const TOKEN_ENV = 'ENGINE_TOKEN';

/** The `--token` option, read from {@link TOKEN_ENV} when not given. */
export function tokenOption(): Option {
  return new Option('--token <token>', 'bearer token, for a service with auth_tokens').env(TOKEN_ENV);
}

/** Adds `--url` (with the default address) and `--token` to a command that talks to a service. */
export function withServerOptions(command: Command): Command {
  return command.option('--url <url>', 'address of the service', DEFAULT_SERVER_URL).addOption(tokenOption());
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
