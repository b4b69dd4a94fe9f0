import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds (user + system) used so far by the processes matching `match`, from /proc (Linux only). */
function cpuSecondsOf(match: (pid: number, comm: string) => boolean): number {
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      if (!match(pid, comm)) continue;
      const fields = stat.slice(close + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / tick;
    } catch {
      // the process ended while we read
    }
  }
  return total;
}

export interface CpuSnapshot {
  server: number;
  postgres: number;
  bench: number;
}

/** Where the CPU goes during a phase: the server process, PostgreSQL's processes, this bench process. */
export function cpuSnapshot(serverPid: number): CpuSnapshot {
  const usage = process.cpuUsage();
  return {
    server: cpuSecondsOf((pid) => pid === serverPid),
    postgres: cpuSecondsOf((_pid, comm) => comm === 'postgres'),
    bench: (usage.user + usage.system) / 1e6,
  };
}

export function cpuSince(before: CpuSnapshot, serverPid: number): CpuSnapshot {
  const now = cpuSnapshot(serverPid);
  return {
    server: now.server - before.server,
    postgres: now.postgres - before.postgres,
    bench: now.bench - before.bench,
  };
}
