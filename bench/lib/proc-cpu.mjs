// CPU time read from Linux's /proc, shared by the benches that print CPU beside wall time (steadier on a shared
// machine: it does not depend on the share of the cores a run gets).
import { readdirSync, readFileSync } from 'node:fs';

/** CPU time (user + system, ms) of a process or thread from its /proc stat line; undefined once it is gone. */
export function cpuMs(statPath) {
  try {
    const stat = readFileSync(statPath, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

/**
 * The CPU of the PostgreSQL backends serving one database (found by their process titles) since the first sample;
 * a backend that starts later counts from zero. Sample often enough to see short-lived backends before they exit.
 * Without a database name (PGlite) both calls do nothing and `total()` is undefined.
 */
export function postgresBackendsCpu(databaseName) {
  const backends = new Map(); // pid → { first, last }
  let started = false;
  const sample = () => {
    if (!databaseName) return;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let title;
      try {
        title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      if (!title.startsWith('postgres: ') || !title.includes(` ${databaseName} `)) continue;
      const ms = cpuMs(`/proc/${pid}/stat`);
      if (ms === undefined) continue;
      const seen = backends.get(pid);
      if (seen) seen.last = ms;
      else backends.set(pid, { first: started ? 0 : ms, last: ms });
    }
  };
  sample();
  started = true;
  return {
    sample,
    total() {
      if (!databaseName) return undefined;
      let database = 0;
      for (const { first, last } of backends.values()) database += last - first;
      return database;
    },
  };
}
