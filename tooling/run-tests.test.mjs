// tooling/run-tests.mjs (`pnpm test`): which stages run together, what a failure stops, its exit code, and the CPU seconds.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cpuSeconds } from './cpu-seconds.mjs';
import { runStages, STAGES } from './run-tests.mjs';

/** Runs the stages with stand-ins that end when the test says; records what was running when each started. */
function harness(stages, outcomes = {}) {
  const running = new Set();
  const startedBeside = {};
  const finish = {};
  const run = (stage) =>
    new Promise((resolve) => {
      startedBeside[stage.name] = [...running].sort();
      running.add(stage.name);
      finish[stage.name] = () => {
        running.delete(stage.name);
        resolve({ ok: outcomes[stage.name] !== false, seconds: 1, cpu: 2 });
      };
    });
  const done = runStages(stages, { run });
  /** Lets the runner react to the stages ended so far. */
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { done, finish, startedBeside, settle };
}

test('lint, tooling and typecheck start together; the build beside lint; unit, api and e2e each alone, in turn', async () => {
  const { done, finish, startedBeside, settle } = harness(STAGES);
  await settle();
  assert.deepEqual(Object.keys(startedBeside).sort(), ['lint', 'tooling', 'typecheck']);
  finish.tooling();
  await settle();
  assert.equal(startedBeside.build, undefined, 'the build waits for typecheck');
  finish.typecheck();
  await settle();
  assert.deepEqual(startedBeside.build, ['lint']);
  finish.build();
  await settle();
  assert.equal(startedBeside.unit, undefined, 'unit waits for lint');
  finish.lint();
  await settle();
  assert.deepEqual(startedBeside.unit, []);
  finish.unit();
  await settle();
  assert.deepEqual(startedBeside.api, []);
  assert.equal(startedBeside.e2e, undefined, 'e2e waits for the API suite');
  finish.api();
  await settle();
  assert.deepEqual(startedBeside.e2e, []);
  finish.e2e();
  const results = await done;
  assert.deepEqual([...results.keys()], ['tooling', 'typecheck', 'build', 'lint', 'unit', 'api', 'e2e']);
  assert.ok([...results.values()].every((result) => result.ok));
});

test('after a failure no stage starts; the ones running finish and are reported', async () => {
  const { done, finish, startedBeside, settle } = harness(STAGES, { lint: false });
  await settle();
  finish.lint();
  await settle();
  finish.tooling();
  finish.typecheck();
  const results = await done;
  assert.deepEqual(Object.keys(startedBeside).sort(), ['lint', 'tooling', 'typecheck']);
  assert.deepEqual([...results].map(([name, result]) => [name, result.ok]), [
    ['lint', false],
    ['tooling', true],
    ['typecheck', true],
  ]);
});

test('stages named alone keep their order through the stages left out: unit, then e2e', async () => {
  const { done, finish, startedBeside, settle } = harness(STAGES.filter((stage) => ['unit', 'e2e'].includes(stage.name)));
  await settle();
  assert.deepEqual(Object.keys(startedBeside), ['unit']);
  finish.unit();
  await settle();
  assert.deepEqual(startedBeside.e2e, []);
  finish.e2e();
  assert.equal((await done).size, 2);
});

test('the command exits 1 when a stage fails, names it and starts nothing after it; 0 when all pass', () => {
  // The runner and a workspace whose package scripts stand in for the real stages: typecheck fails or passes.
  const scratch = mkdtempSync(path.join(tmpdir(), 'crm-run-tests-'));
  try {
    mkdirSync(path.join(scratch, 'tooling'));
    for (const file of ['run-tests.mjs', 'cpu-seconds.mjs']) {
      copyFileSync(fileURLToPath(new URL(file, import.meta.url)), path.join(scratch, 'tooling', file));
    }
    const run = (typecheck) => {
      const scripts = Object.fromEntries(STAGES.map((stage) => [stage.script, `echo ran ${stage.name}`]));
      scripts.typecheck = typecheck;
      writeFileSync(path.join(scratch, 'package.json'), JSON.stringify({ name: 'stand-in', private: true, scripts }));
      return spawnSync(process.execPath, [path.join(scratch, 'tooling/run-tests.mjs')], { cwd: scratch, encoding: 'utf8' });
    };

    const failing = run('echo checking; exit 3');
    assert.equal(failing.status, 1, failing.stdout + failing.stderr);
    assert.match(failing.stdout, /^\[typecheck\] checking$/m);
    assert.match(failing.stdout, /^\[test\] typecheck FAILED in /m);
    assert.match(failing.stdout, /^ {2}typecheck +FAILED /m);
    assert.match(failing.stdout, /^ {2}e2e +not run$/m);
    assert.doesNotMatch(failing.stdout, /ran (build|unit|api|e2e)/);

    const passing = run('echo checking');
    assert.equal(passing.status, 0, passing.stdout + passing.stderr);
    for (const stage of STAGES.filter((stage) => stage.name !== 'typecheck')) assert.match(passing.stdout, new RegExp(`^\\[${stage.name}\\] ran ${stage.name}$`, 'm'));
    assert.match(passing.stdout, /^\[test\] all passed in /m);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

test("CPU seconds are the children's user and system time from bash's `times`", () => {
  assert.equal(cpuSeconds('0m0.010s 0m0.004s\n1m2.500s 0m3.250s\n'), 65.75);
  assert.equal(cpuSeconds(''), 0);
});
