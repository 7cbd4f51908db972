// CPU seconds of a command and every process it waited for, from bash's `times` (run as `cmd; times >&3`): they tell a
// step's cost even when other work shares the cores. Used by `pnpm build` per build and `pnpm test` per stage.

/** bash's `times` second line: the children's user and system time. */
export function cpuSeconds(times) {
  return (times.split('\n')[1] ?? '')
    .split(' ')
    .map((t) => /^(\d+)m([\d.]+)s$/.exec(t))
    .reduce((sum, m) => sum + (m ? Number(m[1]) * 60 + Number(m[2]) : 0), 0);
}
