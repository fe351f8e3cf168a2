/**
 * `npm run bench`: builds the renderer and the CLI, runs the benchmarks and prints figures. They
 * are measurements, not pass/fail tests; targets are printed next to the figures.
 * `npm run bench -- scan` runs the ones whose name contains "scan"; `--size N` sets the number of
 * order packages of the package benchmarks (default 100,000, returns a fifth of it).
 */
import { returnsBench, sandboxStartBench } from './lists.bench';
import { packagesBench } from './packages.bench';
import { scanE2eBench } from './scan-e2e.bench';
import { scanPathBench } from './scan-path.bench';

const benches: [string, () => Promise<void>][] = [
  ['scan-path', scanPathBench],
  ['scan-e2e', scanE2eBench],
  ['packages', packagesBench],
  ['sandbox-start', sandboxStartBench],
  ['returns', returnsBench],
];

const args = process.argv.slice(2);
const sizeAt = args.indexOf('--size');
if (sizeAt >= 0) {
  process.env.WD_BENCH_PACKAGES = args[sizeAt + 1];
  args.splice(sizeAt, 2);
}
const filter = args[0];
for (const [name, run] of benches) {
  if (filter && !name.includes(filter)) continue;
  await run();
}
