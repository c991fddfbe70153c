import { spawn } from 'node:child_process';
import { lstatSync, readlinkSync } from 'node:fs';
import { type FiringEffects } from '../../engine';

/** How subprocess actors (the Python and Nushell scripts) are isolated: `bwrap` (bubblewrap namespaces), or `none` (an operator's explicit choice). */
export type SandboxMode = 'bwrap' | 'none';

/** What one sandboxed process may do. */
export interface SandboxPolicy {
  mode: SandboxMode;
  /** Whether the process keeps the host's network; otherwise it has a network namespace of its own, with nothing in it. */
  network: boolean;
  /** @default 'bwrap' */
  bwrapBinary?: string;
  /** Host paths the process may read, each bound read-only at its `target` inside the sandbox. @default none */
  readOnlyBinds?: readonly { source: string; target: string }[];
  /** The working directory inside the sandbox. @default '/tmp' */
  workDir?: string;
}

/**
 * The effects of a firing that runs a process under a sandbox policy: in bubblewrap without the network it can
 * only read the time, randomness and the read-only files bound in, so it is safe to run again; with the network,
 * or with no sandbox at all (the host's files and network), it may change the world.
 */
export function sandboxedProcessEffects(policy: Pick<SandboxPolicy, 'mode' | 'network'>): Exclude<FiringEffects, 'none'> {
  return policy.mode === 'bwrap' && !policy.network ? 'repeatable' : 'once';
}

// The parts of /etc a process needs to run Python, resolve names and check TLS certificates: nothing else of the host.
const ETC_ENTRIES = [
  '/etc/ld.so.cache',
  '/etc/localtime',
  '/etc/ssl',
  '/etc/ca-certificates',
  '/etc/alternatives',
  '/etc/resolv.conf',
  '/etc/hosts',
  '/etc/nsswitch.conf',
];

// Top-level system directories: bound read-only, or recreated as the symlinks a merged-/usr system has.
const SYSTEM_DIRS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

function systemMounts(): string[] {
  const args: string[] = [];
  for (const dir of SYSTEM_DIRS) {
    let link: string | undefined;
    try {
      link = lstatSync(dir).isSymbolicLink() ? readlinkSync(dir) : undefined;
    } catch {
      continue;
    }
    if (link === undefined) args.push('--ro-bind', dir, dir);
    else args.push('--symlink', link, dir);
  }
  for (const entry of ETC_ENTRIES) args.push('--ro-bind-try', entry, entry);
  return args;
}

/**
 * The bubblewrap arguments that run `command` with new user, pid, ipc, uts, cgroup and (unless the policy
 * grants it) network namespaces; the system directories read-only; a fresh `/proc` that shows only the
 * sandbox's own processes; a minimal `/dev`; a private tmpfs at `/tmp` as the only writable place and the
 * working directory (unless the policy names another); the policy's read-only binds; and nothing else of the
 * host: no data, secrets or project directory. The sandbox dies
 * with the process that started it, and its pid namespace takes every process left in it along.
 */
export function bwrapArgs(command: readonly string[], policy: SandboxPolicy): string[] {
  return [
    '--unshare-all',
    ...(policy.network ? ['--share-net'] : []),
    '--die-with-parent',
    '--new-session',
    ...systemMounts(),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
    ...(policy.readOnlyBinds ?? []).flatMap(({ source, target }) => ['--ro-bind', source, target]),
    // The root bubblewrap builds is a tmpfs of its own: made read-only, it leaves /tmp the one writable place.
    '--remount-ro',
    '/',
    '--chdir',
    policy.workDir ?? '/tmp',
    '--',
    ...command,
  ];
}

/** Whether bubblewrap can make a sandbox on this machine, and why not when it cannot. */
export type SandboxProbe = { ok: true } | { ok: false; reason: string };

const probes = new Map<string, Promise<SandboxProbe>>();

/** Runs `true` in a sandbox once per binary and remembers the answer: a missing binary or a kernel that refuses namespaces is a clear reason. */
export function probeSandbox(bwrapBinary = 'bwrap'): Promise<SandboxProbe> {
  let probe = probes.get(bwrapBinary);
  if (probe === undefined) {
    probe = new Promise<SandboxProbe>((resolve) => {
      const child = spawn(bwrapBinary, bwrapArgs(['/bin/true'], { mode: 'bwrap', network: false }), {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { PATH: '/usr/bin:/bin' },
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.on('error', (error) => resolve({ ok: false, reason: `'${bwrapBinary}' could not be started (${error.message}); install bubblewrap` }));
      child.on('close', (code) =>
        resolve(code === 0 ? { ok: true } : { ok: false, reason: `'${bwrapBinary}' cannot create namespaces here: ${stderr.trim() || `exit code ${code}`}` }),
      );
    });
    probes.set(bwrapBinary, probe);
  }
  return probe;
}
