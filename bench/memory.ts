import { readFileSync } from 'node:fs';

/** A field of /proc/<pid>/smaps_rollup (Linux), in MB. */
function fieldMb(pid: number, field: 'Rss' | 'Pss'): number {
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1];
  return Math.round(Number(kb ?? 0) / 1024);
}

/**
 * Each process's resident memory in MB, and the sums. RSS counts the pages a process shares with
 * others (the node binary's code, shared by the four services) once per process; PSS divides each
 * shared page among its sharers, so the PSS sum is what the host's memory really holds.
 */
export function residentMemory(processes: Array<{ name: string; pid: number }>) {
  const rows = processes.map(({ name, pid }) => ({ process: name, 'RSS MB': fieldMb(pid, 'Rss'), 'PSS MB': fieldMb(pid, 'Pss') }));
  const sum = (key: 'RSS MB' | 'PSS MB') => rows.reduce((total, row) => total + row[key], 0);
  return { rows, rssMb: sum('RSS MB'), pssMb: sum('PSS MB') };
}
