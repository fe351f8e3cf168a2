#!/usr/bin/env node
/**
 * `npm test`: every check and test the project has, in phases, with each phase's time printed at
 * the end. On two cores the static checks run side by side (tsc and ESLint each keep one core
 * busy), and so does the Node build of better-sqlite3 when the install did not build it (CI
 * installs with --ignore-scripts and lets it compile here, beside the checks: see .ci/run).
 *
 *   1. checks: typecheck (main + renderer), lint, and the native module if it is missing
 *   2. build:  the Electron bundles (electron-vite) and the web host's renderer (the CLI is built
 *              by vitest's global set-up, test/support/build-cli.ts)
 *   3. unit:   vitest (Node and jsdom projects; vitest.config.ts)
 *   4. e2e:    Playwright in Debian's Chromium (playwright.config.ts)
 *
 * `npm test -- --only unit,e2e` runs some phases only. The first failing phase ends the run.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const only = (() => {
  const at = process.argv.indexOf('--only');
  return at === -1 ? null : new Set(process.argv[at + 1].split(','));
})();

function run(label, cmd, args) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
    child.on('close', (code, signal) => resolve({ label, ok: code === 0, code: code ?? signal, s: (performance.now() - started) / 1000 }));
  });
}

/** Whether the Node build of better-sqlite3 loads (an install with --ignore-scripts has none). */
function nativeLoads() {
  try {
    const Database = createRequire(join(root, 'package.json'))('better-sqlite3');
    new Database(':memory:').close();
    return true;
  } catch {
    return false;
  }
}

const phases = [
  {
    name: 'checks',
    steps: () => [
      ['typecheck main', bin('tsc'), ['--noEmit', '-p', 'tsconfig.node.json']],
      ['typecheck renderer', bin('tsc'), ['--noEmit', '-p', 'tsconfig.web.json']],
      ['lint', bin('eslint'), ['--max-warnings', '0', '.']],
      // The two .cc files of better-sqlite3 compile at once (node-gyp reads JOBS).
      ...(nativeLoads() ? [] : [['better-sqlite3 (Node build)', 'npm', ['rebuild', 'better-sqlite3']]]),
    ],
    parallel: true,
  },
  {
    name: 'build',
    steps: () => [
      ['electron-vite build', bin('electron-vite'), ['build', '--logLevel', 'warn']],
      ['renderer for the web host', bin('vite'), ['build', '-c', 'renderer.vite.config.ts', '--logLevel', 'warn']],
    ],
    parallel: false,
  },
  { name: 'unit', steps: () => [['vitest', bin('vitest'), ['run']]], parallel: false },
  { name: 'e2e', steps: () => [['playwright', bin('playwright'), ['test']]], parallel: false },
];

process.env.JOBS ??= 'max';
const times = [];
let failed = null;
const startedAll = performance.now();
for (const phase of phases) {
  if (only && !only.has(phase.name)) continue;
  const started = performance.now();
  const steps = phase.steps();
  const results = phase.parallel
    ? await Promise.all(steps.map(([label, cmd, args]) => run(label, cmd, args)))
    : await steps.reduce(async (done, [label, cmd, args]) => {
        const before = await done;
        if (before.some((r) => !r.ok)) return before;
        return [...before, await run(label, cmd, args)];
      }, Promise.resolve([]));
  times.push({ phase: phase.name, s: (performance.now() - started) / 1000, steps: results });
  const bad = results.find((r) => !r.ok);
  if (bad) {
    failed = `${phase.name}: ${bad.label} failed (${bad.code})`;
    break;
  }
}

const fmt = (s) => `${s.toFixed(1).padStart(6)} s`;
console.log('\nnpm test, time per phase (load average now: %s)', (await loadavg()) ?? 'n/a');
for (const t of times) {
  console.log(
    `  ${t.phase.padEnd(8)} ${fmt(t.s)}${t.steps.length > 1 ? `   (${t.steps.map((r) => `${r.label} ${r.s.toFixed(1)} s`).join(', ')})` : ''}`,
  );
}
console.log(`  ${'total'.padEnd(8)} ${fmt((performance.now() - startedAll) / 1000)}`);
if (failed) {
  console.error(`\nFAILED: ${failed}`);
  process.exit(1);
}

async function loadavg() {
  try {
    const { readFile } = await import('node:fs/promises');
    return (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
  } catch {
    return null;
  }
}
