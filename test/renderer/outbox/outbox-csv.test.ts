import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../src/shared/domain/outbox';
import { createI18n } from '../../../src/shared/i18n';
import { outboxCsvWords } from '../../../src/renderer/screens/Outbox/OutboxScreen';
import { outboxCsv } from '../../../src/renderer/store/outbox';
import { Instant } from '../../../src/shared/domain/time';

const refused: OutboxItem = {
  id: 7,
  kind: 'inventory',
  groupKey: 'inventory:A-01',
  state: 'failed',
  attempts: 1,
  nextAttemptAt: null,
  lastError: {
    code: 'service_error',
    message: 'the service refused the write (HTTP 400): SKU RAF-9 not found',
    params: { status: 400, reason: 'refused', said: 'SKU RAF-9 not found' },
  },
  responseStatus: 400,
  responseBody: '{"message":"SKU RAF-9 not found"}',
  summary: { storageCode: 'A-01', lines: 1, units: 3 },
  ref: null,
  createdAt: Instant.parse('2026-05-01T09:00:00+03:00'),
  sentAt: null,
  blockedBy: null,
  reason: 'refused',
};

const lines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');

describe('the Outbox’s CSV (issue 46.12)', () => {
  it('is in the worker’s language: columns, kind, group, state, content and problem', () => {
    const i18n = createI18n('tr');
    const t = i18n.getFixedT('tr');
    const [head, row] = lines(
      outboxCsv([refused], 'Europe/Istanbul', outboxCsvWords(i18n.getFixedT('tr', 'outbox'), t, { language: 'tr', codes: false })),
    );
    expect(head).toBe('No;Ne;Grup;Durum;Deneme;Sonraki deneme;Sıraya girdi;Gönderildi;İçerik;Yanıt kodu;Sorun;Servisin yanıtı');
    expect(row).not.toMatch(/inventory|failed|refused the write|storageCode/);
    expect(row).toContain('Stok sayımı');
    expect(row).toContain('A-01: 1 ürün, 3 adet');
  });

  it('keeps the machine-readable codes when the setting asks for them', () => {
    const i18n = createI18n('tr');
    const [head, row] = lines(
      outboxCsv(
        [refused],
        'Europe/Istanbul',
        outboxCsvWords(i18n.getFixedT('tr', 'outbox'), i18n.getFixedT('tr'), { language: 'tr', codes: true }),
      ),
    );
    expect(head).toBe('id;kind;group;state;attempts;next_attempt_at;created_at;sent_at;summary;response_status;error;response');
    expect(row).toMatch(/^7;inventory;inventory:A-01;failed;1;/);
  });
});
