import type { labels as en } from '../en/labels';
import type { Shape } from '../shape';

export const labels: Shape<typeof en> = {
  title: 'Basılı etiketler',
  intro:
    'Bu bağlantının depo kodları için raf etiketleri, sayım ekranı için komut sayfası (tuşa basmak yerine Geri al, adet, Kontrol et ve gönder okutun) ve okuyucu test sayfası. A4’e basılır.',
  size: 'Etiket boyutu',
  sizeOption: '{{w}} × {{h}} mm (sayfada {{n}} adet)',
  width: 'Etiket genişliği (mm)',
  height: 'Etiket yüksekliği (mm)',
  perPage: 'A4 sayfada yan yana {{columns}}, alt alta {{rows}}.',
  shelf: 'Raf etiketleri',
  shelfButton_one: 'Raf etiketleri ({{count}} depo kodu)…',
  shelfButton_other: 'Raf etiketleri ({{count}} depo kodu)…',
  textOnly: 'Barkod yok: bu kodu elle yazın (okuyucu bu harfleri yazamaz).',
  commands: 'Komut sayfası',
  print: 'Yazdır',
  pages_one: '{{count}} sayfa',
  pages_other: '{{count}} sayfa',
  test: {
    sheet: 'Okuyucu test sayfası',
    symbol: {
      ean13: '1 · EAN-13',
      code128: '2 · - * i I içeren Code 128',
      gs1128: '3 · Ayraçlı GS1-128',
      datamatrix: '4 · GS1 DataMatrix',
    },
  },
  wizard: {
    title: 'Okuyucuyu kur',
    start: 'Okuyucuyu test sayfasıyla kur…',
    intro:
      'Basılı okuyucu test sayfasındaki dört kodu sırayla, 1’den 4’e okutun. Bu sırada tuşlar başka yere gitmez. Ayarlar sonra bulunur ve kaydedilir.',
    received: 'alındı',
    scanNow: 'şimdi okutun',
    arrived: 'Gelen karakterler',
    waiting: 'bekliyor',
    allRead: 'Tamam: test sayfasındaki bütün kodlar bu ayarlarla okunuyor.',
    someFailed: 'Bazı kodlar henüz okunmuyor; aşağıya bakın. Bulunabilen ayarlar kaydedildi.',
    changed: 'Değişenler',
    nothingChanged: 'Değiştirilecek bir şey yoktu.',
    setting: 'Ayar',
    before: 'Önce',
    after: 'Şimdi',
    symbols: 'Test sayfasındaki kodlar',
    pass: 'Okunuyor',
    fail: 'Okunmuyor',
    on: 'açık',
    off: 'kapalı',
    empty: '(yok)',
    gsItself: '(okuyucu GS gönderiyor)',
    printSheet: 'Test sayfasını yazdır…',
    restart: 'Baştan başla',
    problem: {
      not_found: 'Bu kod okutulmadı.',
      not_a_scan: 'Geldi ama okutma olarak değil (çok yavaş ya da kodlar arasında değişen bir bitiş tuşu).',
      gs_lost:
        'Okuyucu GS1 kodlarındaki ayracı atıyor: FNC1 için GS (Ctrl+]) ya da ~ gibi bir karakter gönderecek şekilde ayarlayın, sonra sihirbazı yeniden çalıştırın.',
      wrong_content: 'Basılı olandan farklı okunuyor (gelen karakterleri basılı kodla karşılaştırın).',
    },
  },
};
