import { request } from 'node:http';

/**
 * Sends a body that is too large without racing the server's refusal, so a test can assert the
 * exact status (a connection error rejects, it never counts as the expected answer).
 * - `declared`: only the headers, with this Content-Length; the body is never written.
 * - `streamed`: this many bytes, chunked (no Content-Length), then nothing more until the answer:
 *   the server has read every byte, so closing the connection cannot reset it under the answer.
 */
export function sendOversized(
  url: string,
  headers: Record<string, string>,
  size: { declared: number } | { streamed: number },
): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: 'POST',
        headers: { host: u.host, ...headers, ...('declared' in size ? { 'content-length': String(size.declared) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() });
          req.destroy();
        });
      },
    );
    req.on('error', reject);
    if ('declared' in size) {
      req.flushHeaders();
      return;
    }
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    for (let left = size.streamed; left > 0; left -= chunk.length) req.write(left >= chunk.length ? chunk : chunk.subarray(0, left));
  });
}
