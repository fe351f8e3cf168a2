import { afterEach, describe, expect, it } from 'vitest';
import { prepareOutbox } from '../../../src/main/core/outbox/store';
import { workspaceBefore } from '../../support/workspace-before';

let cleanup = () => undefined as void;
afterEach(() => cleanup());

describe('workspace migration 024 (every try’s answer of a write)', () => {
  it('a workspace of the version before keeps its refused write as it was; its next tries’ answers are kept one by one', () => {
    const { before, upgrade, cleanup: done } = workspaceBefore(24);
    cleanup = done;
    const error = JSON.stringify({
      code: 'service_error',
      message: 'refused',
      params: { status: 400, reason: 'refused', said: 'S1 ürünü bulunamadı' },
    });
    before
      .prepare(
        `INSERT INTO outbox (kind, group_key, payload, idempotency_key, state, attempts, next_attempt_at, last_error, response_status, response_body, created_at, updated_at)
         VALUES ('inventory', 'inventory:A-01', '[{"Sku":"S1","Qty":4,"StorageCode":"A-01"}]', 'k-023', 'failed', 1, 0, ?, 400, '{"isSuccess":false}', '2026-11-01T08:00:00.000Z', '2026-11-01T08:00:00.000Z')`,
      )
      .run(error);
    before.close();
    const db = upgrade();
    const row = db.prepare<[], { state: string; last_error: string; response_status: number }>('SELECT * FROM outbox').get()!;
    expect(row).toMatchObject({ state: 'failed', last_error: error, response_status: 400 });
    const s = prepareOutbox(db);
    // The answer it had is its first entry; the next try's answer is added after it.
    const first = { attempt: 1, at: '2026-11-01T08:00:00.000Z', status: 400, body: '{"isSuccess":false}', error };
    expect(s.answers.all(1)).toEqual([first]);
    db.prepare('UPDATE outbox SET attempts = 2 WHERE id = 1').run();
    s.answer.run('2026-11-02T08:00:00.000Z', 200, '{"isSuccess":true}', null, 1);
    expect(s.answers.all(1)).toEqual([
      first,
      { attempt: 2, at: '2026-11-02T08:00:00.000Z', status: 200, body: '{"isSuccess":true}', error: null },
    ]);
  });
});
