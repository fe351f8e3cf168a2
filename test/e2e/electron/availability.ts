import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Whether the Electron spec can run here: an installed Electron binary (the spec builds the rest). */
export function electronAvailability(root: string) {
  const dir = join(root, 'node_modules/electron');
  const pathTxt = join(dir, 'path.txt');
  const binaryInstalled = existsSync(pathTxt) && existsSync(join(dir, 'dist', readFileSync(pathTxt, 'utf8').trim()));
  const built = existsSync(join(root, 'out/main/index.js'));
  return { binaryInstalled, built };
}
