import { describe, expect, it } from 'vitest';
import { i18n } from '../../src/renderer/i18n';
import { describeError } from '../../src/renderer/i18n/errors';
import type { AppErrorShape } from '../../src/shared/result';

/** A write the service refused, as the outbox keeps it (judge.ts): its own words in params.said. */
const refusal: AppErrorShape = {
  code: 'service_error',
  message: 'the service refused the write (HTTP 422): Bazı ürünler bulunamadı: RAF-9 ürünü bulunamadı',
  params: { status: 422, reason: 'refused', said: 'Bazı ürünler bulunamadı: RAF-9 ürünü bulunamadı' },
};

/** Issue 46 item 9: a refusal says what the service said (which SKU), in the worker's language around it. */
describe('a refused write tells what the service said', () => {
  it('in Turkish and in English, with the answer code', async () => {
    await i18n.changeLanguage('tr');
    expect(describeError(i18n.t, refusal).why).toBe(
      'Servis bunu kabul etmedi (cevap kodu 422). Servisin cevabı: “Bazı ürünler bulunamadı: RAF-9 ürünü bulunamadı”',
    );
    await i18n.changeLanguage('en');
    expect(describeError(i18n.t, refusal).why).toBe(
      'The service did not accept it (answer code 422). The service said: “Bazı ürünler bulunamadı: RAF-9 ürünü bulunamadı”',
    );
  });

  it('without the service’s words it says what it did before', async () => {
    await i18n.changeLanguage('en');
    const { said: _said, ...params } = refusal.params!;
    expect(describeError(i18n.t, { ...refusal, params }).why).toBe('The service did not accept it (answer code 422).');
  });
});
