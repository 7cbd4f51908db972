// `pnpm test`: every check CI runs (.ci/run), as stages. On CI's two cores the checks without timing-sensitive waits
// overlap where one leaves a core idle (ESLint runs on one): lint, the tooling tests and typecheck start together,
// and the build starts beside lint once typecheck and the tooling tests are done. The suites that wait on timers,
// servers and pages (jest's waitFor, the API's job heartbeats and retries, the browser) then run one at a time, each
// with the cores to itself: unit, then API, then end-to-end (docs/decisions/082).
// Each stage is the package script of the same name, so `pnpm lint`, `pnpm test:api`… still run one alone. Output is
// streamed with the stage's name in front; each stage's wall and CPU seconds come at its end and in a summary, with the
// load average beside them. After a failure no further stage starts; the running ones finish, and the exit code is 1.
// `node tooling/run-tests.mjs <stage>…` runs just those stages, in the same order.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSeconds } from './cpu-seconds.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Stage → the package script it runs and the stages it waits for. */
export const STAGES = [
  { name: 'lint', script: 'lint', after: [] },
  { name: 'tooling', script: 'test:tooling', after: [] },
  { name: 'typecheck', script: 'typecheck', after: [] },
  { name: 'build', script: 'build', after: ['tooling', 'typecheck'] },
  { name: 'unit', script: 'test:unit', after: ['lint', 'build'] },
  { name: 'api', script: 'test:api', after: ['unit'] },
  { name: 'e2e', script: 'test:e2e', after: ['api'] },
];

const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' ');

/** Runs one stage's script with its output prefixed; answers { ok, seconds, cpu }. */
function runScript(stage, write) {
  const started = performance.now();
  return new Promise((resolve) => {
    // Not `--silent`: pnpm passes the log level on to the pnpm commands a stage runs, whose output tests read
    // (tooling/release-remote.test.mjs expects pnpm's "Exit status 2").
    const child = spawn('bash', ['-c', `pnpm run ${stage.script}; status=$?; times >&3; exit $status`], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    let times = '';
    child.stdio[3].on('data', (chunk) => (times += chunk));
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) write(`[${stage.name}] ${line}\n`);
      });
      stream.on('end', () => rest && write(`[${stage.name}] ${rest}\n`));
    }
    child.on('error', (error) => write(`[${stage.name}] ${error.message}\n`));
    child.on('close', (code) => resolve({ ok: code === 0, seconds: (performance.now() - started) / 1000, cpu: cpuSeconds(times) }));
  });
}

/**
 * Starts each stage once the stages it waits for, directly or through others, have passed (those not in `stages`
 * count as passed); none after a failure. `run(stage)` answers { ok, seconds, cpu }. Answers the results by stage name, in the order they ended.
 */
export async function runStages(stages, { run, log = () => {} }) {
  const names = new Set(stages.map((stage) => stage.name));
  const pending = [...stages];
  const results = new Map();
  const running = new Map();
  let failed = false;
  // Transitively: named alone, e2e still waits for unit (through api), so no two timed suites overlap.
  const byName = new Map(STAGES.map((stage) => [stage.name, stage]));
  const prerequisites = (stage) => stage.after.flatMap((name) => [name, ...prerequisites(byName.get(name) ?? { after: [] })]);
  const ready = (stage) => prerequisites(stage).every((name) => !names.has(name) || results.get(name)?.ok);
  for (;;) {
    if (!failed) {
      for (const stage of pending.filter(ready)) {
        pending.splice(pending.indexOf(stage), 1);
        log(`[test] ${stage.name} started (load ${load()})\n`);
        running.set(stage.name, run(stage).then((result) => ({ stage, result })));
      }
    }
    if (running.size === 0) break;
    const { stage, result } = await Promise.race(running.values());
    running.delete(stage.name);
    results.set(stage.name, result);
    if (!result.ok) failed = true;
    log(`[test] ${stage.name} ${result.ok ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(1)} s (CPU ${result.cpu.toFixed(1)} s, load ${load()})\n`);
  }
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !STAGES.some((stage) => stage.name === name));
  if (unknown.length > 0) {
    console.error(`[test] no such stage: ${unknown.join(', ')} (stages: ${STAGES.map((stage) => stage.name).join(', ')})`);
    process.exit(2);
  }
  const stages = wanted.length > 0 ? STAGES.filter((stage) => wanted.includes(stage.name)) : STAGES;
  const write = (text) => process.stdout.write(text);
  const started = performance.now();
  const results = await runStages(stages, { run: (stage) => runScript(stage, write), log: write });
  const rows = stages.map((stage) => {
    const result = results.get(stage.name);
    return `  ${stage.name.padEnd(10)} ${result ? `${(result.ok ? 'passed' : 'FAILED').padEnd(7)} ${result.seconds.toFixed(1).padStart(7)} s  CPU ${result.cpu.toFixed(1).padStart(7)} s` : 'not run'}`;
  });
  const ok = stages.every((stage) => results.get(stage.name)?.ok);
  write(`[test] ${ok ? 'all passed' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(1)} s (load ${load()}):\n${rows.join('\n')}\n`);
  process.exit(ok ? 0 : 1);
}
