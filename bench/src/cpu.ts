import { readdirSync, readFileSync } from 'node:fs';

const TICK = 100; // USER_HZ on Linux

interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime, seconds. */
  own: number;
  /** cutime + cstime: the CPU of children it has reaped, seconds. */
  reaped: number;
}

function statOf(pid: number): ProcStat | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      pid,
      ppid: Number(fields[1]),
      own: (Number(fields[11]) + Number(fields[12])) / TICK,
      reaped: (Number(fields[13]) + Number(fields[14])) / TICK,
    };
  } catch {
    return null; // the process ended while we read
  }
}

function allStats(): ProcStat[] {
  const stats: ProcStat[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = statOf(pid);
    if (stat) stats.push(stat);
  }
  return stats;
}

/**
 * CPU seconds used so far by one PostgreSQL server: its postmaster, its live children (backends,
 * WAL writer, autovacuum workers...) and, through the postmaster's reaped-children time, those that
 * have exited. Other PostgreSQL servers on the machine are not counted.
 */
function postgresSeconds(stats: ProcStat[], postmasterPid: number): number {
  let total = 0;
  for (const s of stats) {
    if (s.pid === postmasterPid) total += s.own + s.reaped;
    else if (s.ppid === postmasterPid) total += s.own;
  }
  return total;
}

export interface CpuSnapshot {
  server: number;
  postgres: number;
  bench: number;
}

/** Where the CPU goes during a phase: the server process, the bench's PostgreSQL, this bench process. */
export function cpuSnapshot(serverPid: number, postmasterPid: number): CpuSnapshot {
  const usage = process.cpuUsage();
  const stats = allStats();
  return {
    server: stats.find((s) => s.pid === serverPid)?.own ?? 0,
    postgres: postgresSeconds(stats, postmasterPid),
    bench: (usage.user + usage.system) / 1e6,
  };
}

export function cpuSince(before: CpuSnapshot, serverPid: number, postmasterPid: number): CpuSnapshot {
  const now = cpuSnapshot(serverPid, postmasterPid);
  return {
    server: now.server - before.server,
    postgres: now.postgres - before.postgres,
    bench: now.bench - before.bench,
  };
}
