/**
 * `npm run bench`: runs the benchmarks and prints figures. They are measurements, not pass/fail
 * tests; targets are printed next to the figures. `npm run bench -- scan` runs the ones whose name
 * contains "scan".
 */
import { packagesBench } from './packages.bench';
import { scanE2eBench } from './scan-e2e.bench';
import { scanPathBench } from './scan-path.bench';

const benches: [string, () => Promise<void>][] = [
  ['scan-path', scanPathBench],
  ['scan-e2e', scanE2eBench],
  ['packages', packagesBench],
];

const filter = process.argv[2];
for (const [name, run] of benches) {
  if (filter && !name.includes(filter)) continue;
  await run();
}
