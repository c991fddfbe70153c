import { readFileSync } from 'node:fs';

/** Whether a process exists and is not a zombie waiting to be reaped (its state in `/proc/<pid>/stat`). */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
