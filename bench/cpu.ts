import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The kernel's clock ticks per second, in which /proc/<pid>/stat counts CPU time (100 on Linux). */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/**
 * The CPU time a process has used so far, in ms: user plus system time (utime and stime, fields
 * 14 and 15 of /proc/<pid>/stat), its threads included (the event loop, the garbage collector's
 * and libuv's threads). The command name in field 2 may hold spaces, so the fields are counted
 * from its closing parenthesis.
 */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}
