import type { IncomingMessage, ServerResponse } from 'node:http';

export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

/** Reads a JSON body with a size limit; the sandbox answers 400/413/415 like a strict service. */
export async function readJson(req: IncomingMessage, limit = 5 * 1024 * 1024): Promise<unknown> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) throw new HttpFailure(415, { message: 'Content-Type must be application/json' });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpFailure(413, { message: 'body too large' });
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new HttpFailure(400, { message: 'body is not valid JSON' });
  }
}

/** A reply body that is JSON text already (UTF-8): sent as it is. */
export class JsonBytes {
  constructor(readonly bytes: Buffer) {}
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = body instanceof JsonBytes ? body.bytes : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
