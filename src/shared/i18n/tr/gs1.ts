import type { gs1 as en } from '../en/gs1';
import type { Shape } from '../shape';

export const gs1: Shape<typeof en> = {
  lot: 'Parti {{lot}}',
  expiry: 'SKT {{date}}',
  serial: 'Seri no {{serial}}',
  serials_one: '{{count}} seri no',
  serials_other: '{{count}} seri no',
  caseOf: '{{count}}’li koli',
  separatorMissing: 'Ayraç eksik mi? Belki ({{ai}}){{value}} {{next}}',
  misread: 'Geçersiz GS1 kodu — sayılmadı',
  problem: {
    empty: 'Kodda GS1 verisi yok.',
    unknown_ai: 'Kodda bu programın tanımadığı bir uygulama tanımlayıcısı var ({{ai}}).',
    too_short: '({{ai}}) çok kısa: {{length}} karakter olmalı.',
    too_long: '({{ai}}) {{length}} karakterden uzun: büyük ihtimalle ayraç eksik.',
    not_numeric: '({{ai}}) rakam olmalı ama “{{value}}” okundu: büyük ihtimalle ayraç eksik.',
    bad_chars: '({{ai}}) GS1 kodunda olamayacak karakterler içeriyor: “{{value}}”.',
    bad_check_digit: '({{ai}}) {{value}} kontrol hanesi yanlış ({{expected}} olmalıydı).',
    bad_date: '({{ai}}) {{value}} geçerli bir tarih değil.',
    missing_ai: '({{ai}}) ile aynı kodda ({{need}}) de olmalı.',
    excluded_ai: '({{ai}}) ile ({{other}}) aynı kodda olamaz.',
    duplicate_ai: '({{ai}}) iki kez, farklı değerlerle geçiyor.',
    bad_link: 'Web adresi geçerli bir GS1 Digital Link değil.',
    not_a_product: 'Bu etiket bir koli ya da paletin (SSCC) etiketi, ürün değil.',
    zero_count: 'Etikete göre kolide 0 ürün var.',
    command: 'Komut barkodu: sayım ekranında sayarken çalışır, ürün olarak sayılmaz.',
  },
  command: {
    done: 'Komut: {{name}}',
    unknown: 'Tanınmayan komut barkodu {{code}}',
    undo: 'Geri al',
    review: 'Kontrol et ve gönder',
    finish: 'Bu rafı bitir',
    cancelQuantity: 'Adedi iptal et',
    quantity: 'Adet ×{{quantity}}',
  },
};
