import { z } from 'zod';
import { ActorError, type AnyActorDefinition, type JsonValue, defineActor, errorOutPort } from '../../engine';
import { numberSetting, optionalText } from '../shared';
import { DEFAULT_NUSHELL_BINARY, confinedDirectory, findNushell, missingNushell } from './nushell-binary';
import { runNushellScript } from './nushell-runner';
import { type SandboxMode, sandboxedProcessEffects } from './process-sandbox';
import { DEFAULT_MAX_SCRIPT_MEMORY_MB, type ScriptActorLimits, scriptSource } from './script-config';

/** Options of {@link createNushellScriptActor}. */
export interface NushellScriptActorOptions extends ScriptActorLimits {
  /** The Nushell binary: a path, or a name looked up on `searchPath`. @default DEFAULT_NUSHELL_BINARY */
  nuBinary?: string;
  /** The directories a bare binary name is looked up in. @default the service's PATH */
  searchPath?: string;
  /** How scripts are isolated (`python_sandbox`); `none` only when an operator chose it. @default 'bwrap' */
  sandbox?: SandboxMode;
  /** The directory working directories are taken under (`files_dir`); unset, nodes cannot name one. */
  filesDir?: string;
}

/** Builds the `tpl_nushell_script` configuration schema, which refuses a node when the binary is not there. */
function nushellScriptConfigSchema(options: NushellScriptActorOptions = {}) {
  const binary = options.nuBinary ?? DEFAULT_NUSHELL_BINARY;
  return z
    .object({
      script: scriptSource(
        'The Nushell script: its pipeline input ($in, also $data) is the data-in value, $args the args-in list; its last value is the result',
      ),
      timeout: numberSetting('Time budget of one firing in milliseconds', z.number().min(1).max(3_600_000).default(15_000)),
      workingDirectory: optionalText(
        "A directory under the server's files_dir, which the script reads (read-only) as its working directory; unset, an empty private /tmp",
      ),
    })
    .superRefine((config, ctx) => {
      // Checked at validation, so that a graph is refused before anything runs on a server without Nushell.
      if (findNushell(binary, options.searchPath ?? process.env.PATH) === undefined)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [], message: missingNushell(binary) });
      if (config.workingDirectory !== undefined && options.filesDir === undefined) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['workingDirectory'], message: "needs the server's files_dir, which is not set" });
      }
    });
}

// args-in as the script's $args: a list as its items, one other value as a list of one.
function argumentsOf(packet: JsonValue | undefined): JsonValue[] {
  if (packet === undefined) return [];
  return Array.isArray(packet) ? packet : [packet];
}

/**
 * Builds `tpl_nushell_script`: runs a Nushell script with `nu` for each `data-in` packet (once at start when
 * none is fed), in the Python scripts' sandbox. The packet is the script's pipeline input (`$in`, also `$data`),
 * structured as it came (JSON read with `from json`); `args-in` (a control port) is `$args`. The script's last
 * value, written as JSON, goes to `result-out` (nothing when it is null); a failure goes to `error-out`.
 */
export function createNushellScriptActor(options: NushellScriptActorOptions = {}) {
  const binary = options.nuBinary ?? DEFAULT_NUSHELL_BINARY;
  const mode = options.sandbox ?? 'bwrap';
  return defineActor({
    id: 'tpl_nushell_script',
    title: 'NuShell Script',
    description: 'Runs a Nushell script with nu in a sandbox; data-in is its structured input, its last value goes to result-out.',
    inports: {
      'data-in': { type: 'all', description: "The script's pipeline input ($in, also $data); the script runs once per packet." },
      'args-in': { type: 'array', control: true, description: "The script's $args: a list (one other value is a list of one); kept for later firings." },
    },
    outports: {
      'result-out': { type: 'all', description: "The script's last value, unless it is null." },
      ...errorOutPort('when the script fails, exits or runs over its limits'),
    },
    config: nushellScriptConfigSchema(options),
    // Nushell scripts never get the network; only the operator's choice of no sandbox lets them reach the host.
    effects: sandboxedProcessEffects({ mode, network: false }),
    async fire(ctx) {
      const { config } = ctx;
      const found = findNushell(binary, options.searchPath ?? process.env.PATH);
      if (found === undefined) throw new ActorError(missingNushell(binary), { kind: 'missing-binary' });
      const workingDirectory = config.workingDirectory === undefined ? undefined : await confinedDirectory(config.workingDirectory, options.filesDir);
      const outcome = await runNushellScript({
        script: config.script,
        data: ctx.inputs['data-in'] ?? null,
        args: argumentsOf(ctx.inputs['args-in']),
        binary: found,
        timeoutMs: config.timeout,
        memoryLimitMb: options.maxMemoryMb ?? DEFAULT_MAX_SCRIPT_MEMORY_MB,
        signal: ctx.signal,
        sandbox: { mode },
        workingDirectory,
      });
      for (const line of outcome.logs) ctx.log(line, { source: 'nushell' });
      if (!outcome.ok) throw new ActorError(outcome.error, { kind: outcome.kind, ...(outcome.exitCode === undefined ? {} : { exitCode: outcome.exitCode }) });
      if (outcome.returned) await ctx.send('result-out', outcome.value);
    },
  });
}

/** `tpl_nushell_script` with `nu` looked up on the service's PATH. */
export const nushellScript: AnyActorDefinition = createNushellScriptActor();
