import { join } from 'node:path';
import { electronAvailability } from './electron/availability';

/** Says plainly, once per run, whether the Electron end-to-end spec runs or is skipped. */
export default function globalSetup() {
  const { binaryInstalled, built } = electronAvailability(join(import.meta.dirname, '../..'));
  if (!binaryInstalled)
    console.log(
      'Electron end-to-end spec: SKIPPED (no Electron binary on this machine; it runs wherever `npm install` could download one).',
    );
  else if (!built) console.log('Electron end-to-end spec: SKIPPED (run `npm run build` first).');
  else console.log('Electron end-to-end spec: runs.');
}
