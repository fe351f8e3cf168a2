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
};
