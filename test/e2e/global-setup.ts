import { join } from 'node:path';
import { electronAvailability } from './electron/availability';

/** Says plainly, once per run, whether the Electron end-to-end spec runs or is skipped. */
export default function globalSetup() {
  const { binaryInstalled } = electronAvailability(join(import.meta.dirname, '../..'));
  if (!binaryInstalled)
    console.log(
      'Electron end-to-end spec: SKIPPED (no Electron binary on this machine; it runs wherever `npm install` could download one).',
    );
  else console.log('Electron end-to-end spec: runs (it builds the app and the Electron build of better-sqlite3 first).');
}
