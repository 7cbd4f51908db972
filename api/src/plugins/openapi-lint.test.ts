import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, test } from 'node:test';
import { buildTestApp } from '../test/build-test-app';

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

const redocly = join(createRequire(import.meta.url).resolve('@redocly/cli/package.json'), '..', 'bin', 'cli.js');

/** Redocly's `recommended` ruleset over a spec, as `redocly lint` reports it (no config file, no telemetry). */
async function lint(spec: unknown): Promise<LintProblem[]> {
  const dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  try {
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(spec));
    const args = [redocly, 'lint', file, '--extends=recommended', '--format=json', '--max-problems=1000'];
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    // Exits 1 when there is an error: the JSON report on stdout is what counts.
    const stdout = await promisify(execFile)(process.execPath, args, { cwd: dir, env }).then(
      (r) => r.stdout,
      (error: { stdout?: string }) => error.stdout ?? '',
    );
    return (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

type Operation = { operationId?: string; security?: unknown[]; responses?: Record<string, unknown> };

describe('OpenAPI document', () => {
  test("passes Redocly's recommended rules without an error; every operation has its own operationId", async () => {
    const t = await buildTestApp();
    try {
      const spec = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
      const operations = Object.entries(spec.paths).flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, ...op })),
      );
      assert.deepEqual(operations.filter((op) => !op.operationId).map((op) => op.route), [], 'operations without an operationId');
      const routesById = new Map<string, string[]>();
      for (const op of operations) routesById.set(op.operationId!, [...(routesById.get(op.operationId!) ?? []), op.route]);
      assert.deepEqual([...routesById.values()].filter((routes) => routes.length > 1), [], 'shared operationIds');
      const byRoute = new Map(operations.map((op) => [op.route, op]));
      assert.equal(byRoute.get('GET /api/leads/{id}')?.operationId, 'getLead');
      assert.equal(byRoute.get('GET /api/leads/favorite/{id}')?.operationId, 'toggleLeadFavorite');
      assert.deepEqual(byRoute.get('POST /api/auth/login')?.security, [], 'sign-in needs no token');
      assert.deepEqual(byRoute.get('GET /api/leads')?.security, [{ bearerAuth: [] }]);
      assert.ok(byRoute.get('GET /api/realtime/config')?.responses?.['403'], 'a public API route may still be refused by the allow-list');
      assert.equal(byRoute.get('GET /api/health')?.responses?.['403'], undefined, 'the probes are open to any address');

      const problems = await lint(spec);
      const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
      const warnings: Record<string, number> = {};
      for (const p of problems) if (p.severity !== 'error') warnings[p.ruleId] = (warnings[p.ruleId] ?? 0) + 1;
      const warningCount = Object.values(warnings).reduce((sum, n) => sum + n, 0);
      console.log(`Redocly recommended: ${errors.length} errors, ${warningCount} warnings`, warnings);
      assert.deepEqual(errors, []);
    } finally {
      await t.close();
    }
  });
});
