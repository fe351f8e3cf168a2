import './zod-jitless';
import { main } from './main';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`${String(e)}\n`);
    process.exit(1);
  },
);
