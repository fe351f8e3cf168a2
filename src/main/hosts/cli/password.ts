/**
 * The password comes from WD_PASSWORD or standard input (piped, or typed at a prompt without
 * echo). It is never a command-line argument: those end up in shell history and `ps`.
 */
export async function readPassword(env: NodeJS.ProcessEnv, stdin: NodeJS.ReadStream, prompt: string): Promise<string | null> {
  if (env.WD_PASSWORD) return env.WD_PASSWORD;
  if (stdin.isTTY) return promptHidden(stdin, prompt);
  const chunks: Buffer[] = [];
  for await (const c of stdin) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  return text.length > 0 ? text : null;
}

function promptHidden(stdin: NodeJS.ReadStream, prompt: string): Promise<string | null> {
  return new Promise((resolve) => {
    process.stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    let value = '';
    const onData = (buf: Buffer) => {
      for (const ch of buf.toString('utf8')) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          resolve(value.length > 0 ? value : null);
          return;
        }
        if (ch === '\u0003') process.exit(130);
        if (ch === '\u007f') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}
