import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/main/core/api/http';

let server: Server | undefined;
const http = new HttpClient();
afterEach(async () => {
  await new Promise((r) => server?.close(r) ?? r(null));
  server = undefined;
});

/** Serves `body` one byte per write, each written after the last reached the socket: characters arrive cut in pieces. */
async function byteByByte(body: Buffer): Promise<string> {
  server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.socket?.setNoDelay(true);
    void (async () => {
      for (const byte of body) {
        await new Promise<void>((r) => res.write(Buffer.of(byte), () => setImmediate(r)));
      }
      res.end();
    })();
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

describe('HTTP answers that arrive in pieces', () => {
  it('keeps Turkish letters and other multi-byte characters that arrive cut between pieces', async () => {
    const value = { name: 'Şükrü Güneş', city: 'İstanbul', note: 'ğüşiöç ĞÜŞİÖÇ ı € 📦' };
    const url = await byteByByte(Buffer.from(JSON.stringify(value), 'utf8'));
    const res = await http.send(url);
    expect(res.text).toBe(JSON.stringify(value));
    expect(res.json).toEqual(value);
    expect(res.bytes.equals(Buffer.from(JSON.stringify(value), 'utf8'))).toBe(true);
  });

  it('reads bytes that are not UTF-8 as U+FFFD and keeps a byte-order mark', async () => {
    const url = await byteByByte(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":"x'), Buffer.from([0xff, 0xc3]), Buffer.from('"}')]),
    );
    const res = await http.send(url);
    expect(res.text).toBe('\ufeff{"a":"x\ufffd\ufffd"}');
    // A BOM in front of JSON is not JSON: the operation's reader says the answer is unreadable.
    expect(res.json).toBeUndefined();
  });
});

describe('a slow service within the time a request allows', () => {
  // The client's limits scaled down 30 times (30 s → 1 s, 60 s → 2 s): the same proportions, no 31 s wait. (undici
  // keeps its own timeouts on a timer that fires up to a second late: shorter ones would not be its.)
  const scaled = new HttpClient(undefined, { timeoutMs: 1_000, bodyTimeoutMs: 2_000 });
  const answerAfter = async (ms: number) => {
    server = createServer((_req, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"IsSuccess":true}'), ms);
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  };

  it("an answer after the client's own limit is taken when the request allows longer (a product save may take 60 s): the client does not cut it at its 30 s", async () => {
    const res = await scaled.send(await answerAfter(2_200), { method: 'POST', body: [], timeoutMs: 4_000 });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ IsSuccess: true });
  });

  it("a request that names no time is cut at the client's own limit", async () => {
    await expect(scaled.send(await answerAfter(4_000), { method: 'POST', body: [] })).rejects.toMatchObject({ code: 'timeout' });
  });
});
