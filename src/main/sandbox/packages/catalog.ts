import { withCheckDigit } from '../../../shared/barcode/gtin';
import { int, pick, rngFor } from './rng';

export interface CatalogProduct {
  sku: string;
  barcode: string;
  name: string;
  size: string | null;
  colour: string | null;
  price: number;
  image: string;
}

const ITEMS: readonly [string, number, boolean][] = [
  ['Beestar Çizim Seti 4’lü', 7.5, false],
  ['Pamuklu Tişört', 249.9, true],
  ['Kot Pantolon', 599, true],
  ['Spor Ayakkabı', 1299, true],
  ['Deri Cüzdan', 349, false],
  ['Seramik Kupa', 89.9, false],
  ['Çelik Termos 500 ml', 429, false],
  ['Bluetooth Kulaklık', 899, false],
  ['Şarj Kablosu USB-C', 119, false],
  ['Yün Atkı', 279, false],
  ['Keten Gömlek', 459, true],
  ['Çocuk Yağmurluk', 389, true],
  ['Nevresim Takımı Çift Kişilik', 749, false],
  ['Banyo Havlusu', 199, false],
  ['Çay Bardağı 6’lı', 159, false],
  ['Döküm Tava 28 cm', 899, false],
  ['Kalem Seti 12’li', 64.9, false],
  ['Sırt Çantası', 549, false],
  ['Güneş Gözlüğü', 699, false],
  ['Akıllı Saat Kordonu', 149, false],
  ['Örgü Hırka', 529, true],
  ['Eşofman Altı', 329, true],
  ['Kışlık Mont', 1899, true],
  ['Çorap 5’li', 99.9, true],
];
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const SHOE_SIZES = ['37', '38', '39', '40', '41', '42', '43'];
const COLOURS = ['Siyah', 'Beyaz', 'Lacivert', 'Kırmızı', 'Yeşil', 'Gri', 'Bej', 'Turkuaz'];

/** A few hundred products with valid EAN-13 barcodes (869… is Turkey's GS1 prefix). */
export function catalog(seed: number, size = 300): CatalogProduct[] {
  const out: CatalogProduct[] = [];
  for (let i = 0; i < size; i++) {
    const rng = rngFor(seed, 1, i);
    const [base, price, sized] = ITEMS[i % ITEMS.length]!;
    const colour = sized || rng() < 0.4 ? pick(rng, COLOURS) : null;
    const productSize = sized ? pick(rng, base.includes('Ayakkabı') ? SHOE_SIZES : SIZES) : null;
    const sku = `${26_000_000 + i * 37 + int(rng, 0, 30)}`;
    out.push({
      sku,
      barcode: withCheckDigit(`869${String(1_000_000 + i * 7 + seed).padStart(9, '0')}`),
      name: [base, colour, productSize].filter(Boolean).join(' '),
      size: productSize,
      colour,
      price: Math.round(price * (0.9 + rng() * 0.2) * 100) / 100,
      image: `${i % 9}/${sku}DEFAULT/${sku}DEFAULT_${int(rng, 100, 999)}.jpg`,
    });
  }
  return out;
}
