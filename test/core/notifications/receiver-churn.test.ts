import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { sourceOf, startReceiver, type ReceiverHandle, type ReceiverLimits } from '../../../src/main/core/notifications/receiver';
import { hashSecret } from '../../../src/main/core/notifications/secret-hash';

/*
 * Issue 47, item 5: thousands of TCP connects a second that send nothing (no token needed) must not
 * keep a legitimate sender from another address out. On Linux all of 127/8 is loopback: the
 * attacker connects from 127.0.0.1, the legitimate sender binds 127.0.0.2 (and more for the cap).
 */

const TOKEN = 'tok-12345678';
const PATH = '/hooks/x';
const body = readFileSync(join(import.meta.dirname, '../../fixtures/service-samples/webhook_OrderPackageStatusChangedEvent.json'), 'utf8');
const HEAD = `POST ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\n`;
const REST = `Authorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;

let h: ReceiverHandle | undefined;
let churn: Worker | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  await churn?.terminate();
  churn = undefined;
  for (const s of sockets.splice(0)) s.destroy();
  await h?.close();
  h = undefined;
});

const start = (limits: Partial<ReceiverLimits> = {}) =>
  startReceiver(
    { enabled: true, host: '127.0.0.1', port: 0, path: PATH, auth: 'bearer', userName: null, secretHash: hashSecret(TOKEN) },
    () => undefined,
    undefined,
    limits,
  );

/** A connection from `from` (a loopback address), open once this resolves; null when it was refused. */
async function open(port: number, from: string): Promise<Socket> {
  const s = connect({ port, host: '127.0.0.1', localAddress: from });
  sockets.push(s);
  s.on('error', () => undefined);
  await once(s, 'connect');
  return s;
}

/** Everything the server sends until it closes the connection, as text. */
function answer(s: Socket): Promise<string> {
  const got: Buffer[] = [];
  s.on('data', (c: Buffer) => got.push(c));
  return new Promise((resolve) => s.once('close', () => resolve(Buffer.concat(got).toString('utf8'))));
}
const status = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);

/** Resolves once the server has closed `s` (without a word). */
const closed = (s: Socket) => (s.closed ? Promise.resolve() : once(s, 'close').then(() => undefined));
/** A connection the server kept: a notification sent over it (now) is answered 200. */
async function served(s: Socket, head = HEAD): Promise<number> {
  const text = answer(s);
  s.write(head + REST);
  return status(await text);
}

/**
 * The attack, on a thread of its own: `lanes` connections from 127.0.0.1 that never send a byte,
 * each opened again as soon as the server closes it. counter[0] counts the connects, counter[1]
 * the closes: each is the server taking a connection in (closing the newcomer, or before the fix
 * an older one to make room), so they count what the server has done, not what waits in its
 * backlog.
 */
function startChurn(port: number, lanes: number): Int32Array {
  const counter = new Int32Array(new SharedArrayBuffer(8));
  churn = new Worker(
    `const { workerData } = require('node:worker_threads');
     const net = require('node:net');
     const counter = new Int32Array(workerData.shared);
     const lane = () => {
       const s = net.connect(workerData.port, '127.0.0.1');
       s.on('connect', () => Atomics.add(counter, 0, 1));
       s.on('error', () => undefined);
       s.on('close', () => {
         Atomics.add(counter, 1, 1);
         setImmediate(lane);
       });
     };
     for (let i = 0; i < workerData.lanes; i++) lane();`,
    { eval: true, workerData: { port, lanes, shared: counter.buffer } },
  );
  return counter;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const closes = (counter: Int32Array) => Atomics.load(counter, 1);
async function churned(counter: Int32Array, atLeast: number): Promise<void> {
  while (closes(counter) < atLeast) await sleep(2);
}

describe('receiver: connection churn (issue 47, item 5)', () => {
  it('≥ 99 % of 100 notifications from another address get through while 127.0.0.1 churns idle connections', async () => {
    h = await start();
    // 150 at a time: over the cap of 100, so before the fix every connect made an older one go.
    const counter = startChurn(h.port, 150);
    await churned(counter, 100);
    const began = performance.now();
    const first = Atomics.load(counter, 0);
    // Connections the server takes in while each notification is under way: the at most 50 the
    // churn has waiting ahead of it, then twice the cap, so before the fix every one still
    // writing (or silent) was closed.
    const WAIT = 250;
    const results: number[] = [];
    // Ten senders, ten notifications each: connect, then (half of them after the request line and
    // one header) wait for the churn and at least 10 ms before finishing the request.
    await Promise.all(
      Array.from({ length: 10 }, async (_, lane) => {
        for (let i = 0; i < 10; i++) {
          let s: Socket;
          try {
            s = await open(h!.port, '127.0.0.2');
          } catch {
            results.push(0);
            continue;
          }
          const text = answer(s);
          const at = closes(counter);
          const t0 = performance.now();
          if ((lane + i) % 2) s.write(HEAD);
          await churned(counter, at + WAIT);
          const left = 10 - (performance.now() - t0);
          if (left > 0) await sleep(left);
          if (!s.destroyed) s.write((lane + i) % 2 ? REST : HEAD + REST);
          results.push(status(await text));
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    const rate = Math.round((Atomics.load(counter, 0) - first) / seconds);
    const ok = results.filter((r) => r === 200).length;
    expect(ok, `${ok} of ${results.length} notifications got 200 during ${rate} idle connects/s`).toBeGreaterThanOrEqual(99);
  });
});

describe('receiver: connection limits', () => {
  it('one address holds at most 16 connections: the 17th is closed at once, other addresses still get in', async () => {
    h = await start();
    const kept: Socket[] = [];
    for (let i = 0; i < 16; i++) kept.push(await open(h.port, '127.0.0.3'));
    const extra = await open(h.port, '127.0.0.3');
    await closed(extra);
    expect(await served(await open(h.port, '127.0.0.4'))).toBe(200);
    // The 16 are all still open and usable; once one is gone the address may open another.
    expect(await served(kept[0]!)).toBe(200);
    expect(await served(await open(h.port, '127.0.0.3'))).toBe(200);
    expect(await Promise.all(kept.slice(1).map((s) => served(s)))).toEqual(Array(15).fill(200));
  });

  it('at the cap only a connection idle after its request, or quiet past the headers timeout, makes way; never one mid-request', async () => {
    let now = 1_000_000;
    h = await start({ maxConnections: 4, now: () => now });
    const port = h.port;
    const quiet = await open(port, '127.0.0.2'); // connected, nothing sent
    const writing = await open(port, '127.0.0.3');
    writing.write(HEAD); // in the middle of its headers
    // Answered and kept alive: idle after a complete request.
    const kept = await open(port, '127.0.0.4');
    const first = new Promise<string>((resolve) => kept.once('data', (c: Buffer) => resolve(c.toString('utf8'))));
    kept.write(HEAD + REST.replace('Connection: close\r\n', ''));
    expect(status(await first)).toBe(200);
    const young = await open(port, '127.0.0.5');

    // Full: the kept-alive idle one is closed for a newcomer.
    const newcomer = await open(port, '127.0.0.6');
    await closed(kept);
    // Full again, and nobody may be closed (all young; one mid-request): the next newcomer is refused.
    const refused = await open(port, '127.0.0.7');
    await closed(refused);
    // Once past the headers timeout, the oldest quiet one makes way (the server's own check would
    // close it anyway at its next round).
    now += 10_000;
    const late = await open(port, '127.0.0.8');
    await closed(quiet);
    // Everybody else was kept: the one that was writing finishes and is answered.
    const text = answer(writing);
    writing.write(REST);
    expect(status(await text)).toBe(200);
    expect(await Promise.all([young, newcomer, late].map((s) => served(s)))).toEqual([200, 200, 200]);
  });

  it('counts IPv4 by address (also IPv4-mapped) and IPv6 by /64 network', () => {
    expect(sourceOf('127.0.0.1')).toBe('127.0.0.1');
    expect(sourceOf('::ffff:192.168.1.20')).toBe('192.168.1.20');
    expect(sourceOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(sourceOf('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(sourceOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(sourceOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(sourceOf('::1')).toBe('0:0:0:0::/64');
    expect(sourceOf('64:ff9b::10.0.0.1')).toBe('64:ff9b:0:0::/64');
    expect(sourceOf(undefined)).toBeNull();
  });
});
