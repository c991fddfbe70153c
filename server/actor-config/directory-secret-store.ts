import { readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { ConfigError } from './config-error';
import { assertSecretName } from './secret-reference';
import { type SecretStore } from './secret-store';

/** Error codes meaning "there is no such secret file". */
const ABSENT = new Set(['ENOENT', 'ENOTDIR']);

/**
 * A secret store over a directory of files, one per secret, as Docker and Kubernetes mount them
 * (`/run/secrets/DB_PASSWORD`): the file name is the secret name and trailing line breaks are trimmed.
 * Names are restricted to {@link SECRET_NAME_PATTERN}, so a name can never reach outside the directory.
 * Files are read at each lookup, so a rotated secret is seen at the next resolution.
 */
export class DirectorySecretStore implements SecretStore {
  /** The absolute directory the secrets are read from. */
  readonly directory: string;

  /** Reads secrets from `directory`. */
  constructor(directory: string) {
    this.directory = resolve(directory);
  }

  /** The content of the file named `name`, or `undefined` when there is none; `INVALID_SECRET_NAME` or `IO` otherwise. */
  get(name: string): string | undefined {
    assertSecretName(name);
    const file = join(this.directory, name);
    const inside = relative(this.directory, file);
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) {
      throw new ConfigError('INVALID_SECRET_NAME', `Secret name '${name}' does not name a file inside the secret directory`);
    }
    try {
      return readFileSync(file, 'utf8').replace(/[\r\n]+$/, '');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== undefined && ABSENT.has(code)) return undefined;
      throw new ConfigError('IO', `Cannot read secret '${name}' from '${this.directory}' (${code ?? 'unknown error'})`, { path: file, cause: error });
    }
  }
}
