import { digits, int, pick, rngFor } from './rng';

const FIRST = [
  'Ayşe',
  'Fatma',
  'Emine',
  'Hatice',
  'Zeynep',
  'Elif',
  'Meryem',
  'Şerife',
  'Zehra',
  'Sultan',
  'Hanife',
  'Merve',
  'Özlem',
  'İpek',
  'Gülşen',
  'Çiğdem',
  'Büşra',
  'Esra',
  'Ebru',
  'Tuğba',
  'Şeyma',
  'Gizem',
  'Dilek',
  'Nur',
  'Özge',
  'İrem',
  'Ilgın',
  'Mehmet',
  'Mustafa',
  'Ahmet',
  'Ali',
  'Hüseyin',
  'Hasan',
  'İbrahim',
  'İsmail',
  'Osman',
  'Yusuf',
  'Murat',
  'Ömer',
  'Ramazan',
  'Halil',
  'Süleyman',
  'Abdullah',
  'Mahmut',
  'Recep',
  'Salih',
  'Şükrü',
  'Uğur',
  'Çağlar',
  'Doğan',
  'Gökhan',
  'Ilgaz',
  'Oğuz',
  'Barış',
  'Tolga',
  'Emre',
  'Burak',
  'Görkem',
  'Onur',
  'Kübra',
] as const;

const LAST = [
  'Yılmaz',
  'Kaya',
  'Demir',
  'Şahin',
  'Çelik',
  'Yıldız',
  'Yıldırım',
  'Öztürk',
  'Aydın',
  'Özdemir',
  'Arslan',
  'Doğan',
  'Kılıç',
  'Aslan',
  'Çetin',
  'Kara',
  'Koç',
  'Kurt',
  'Özkan',
  'Şimşek',
  'Polat',
  'Özcan',
  'Korkmaz',
  'Çakır',
  'Erdoğan',
  'Yavuz',
  'Can',
  'Acar',
  'Şen',
  'Aktaş',
  'Güler',
  'Yalçın',
  'Güneş',
  'Bozkurt',
  'Bulut',
  'Keskin',
  'Ünal',
  'Turan',
  'Gül',
  'Özer',
  'Işık',
  'Kaplan',
  'Avcı',
  'Sarı',
  'Tekin',
  'Taş',
  'Köse',
  'Yüksel',
  'Ateş',
  'Aksoy',
] as const;

/** City, district, neighbourhood, city code. */
const PLACES: readonly [string, string, string, number][] = [
  ['İstanbul', 'Kadıköy', 'Moda', 34],
  ['İstanbul', 'Üsküdar', 'Kuzguncuk', 34],
  ['İstanbul', 'Beşiktaş', 'Levent', 34],
  ['İstanbul', 'Şişli', 'Mecidiyeköy', 34],
  ['İstanbul', 'Bağcılar', 'Güneşli', 34],
  ['Ankara', 'Çankaya', 'Kızılay', 6],
  ['Ankara', 'Keçiören', 'Etlik', 6],
  ['Ankara', 'Yenimahalle', 'Batıkent', 6],
  ['İzmir', 'Karşıyaka', 'Bostanlı', 35],
  ['İzmir', 'Bornova', 'Erzene', 35],
  ['İzmir', 'Konak', 'Alsancak', 35],
  ['Bursa', 'Nilüfer', 'Görükle', 16],
  ['Bursa', 'Osmangazi', 'Çekirge', 16],
  ['Antalya', 'Muratpaşa', 'Lara', 7],
  ['Antalya', 'Konyaaltı', 'Hurma', 7],
  ['Adana', 'Seyhan', 'Reşatbey', 1],
  ['Konya', 'Selçuklu', 'Bosna Hersek', 42],
  ['Gaziantep', 'Şahinbey', 'Güneykent', 27],
  ['Kayseri', 'Melikgazi', 'Gesi', 38],
  ['Eskişehir', 'Tepebaşı', 'Şirintepe', 26],
  ['Malatya', 'Yeşilyurt', 'Zaviye', 44],
  ['Trabzon', 'Ortahisar', 'Boztepe', 61],
  ['Samsun', 'Atakum', 'Çatalçam', 55],
  ['Diyarbakır', 'Kayapınar', 'Fırat', 21],
  ['Muğla', 'Bodrum', 'Gümbet', 48],
  ['Çanakkale', 'Merkez', 'Kepez', 17],
  ['Edirne', 'Merkez', 'Şükrüpaşa', 22],
  ['Erzurum', 'Yakutiye', 'Lalapaşa', 25],
];

const STREETS = [
  'Atatürk Cad.',
  'Cumhuriyet Cad.',
  'İstiklal Sok.',
  'Gül Sok.',
  'Çamlık Sok.',
  'Ihlamur Sok.',
  'Şehitler Cad.',
  'Bağdat Cad.',
  'Menekşe Sok.',
  'Öğretmenler Cad.',
];

export interface Customer {
  index: number;
  id: number;
  code: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
  district: string;
  neighborhood: string;
  cityCode: number;
  street: string;
  postalCode: string;
  taxNumber: string | null;
  guest: boolean;
}

const ascii = (s: string) =>
  s
    .toLocaleLowerCase('tr-TR')
    .replace(/[ıİ]/g, 'i')
    .replace(/ş/g, 's')
    .replace(/ğ/g, 'g')
    .replace(/ü/g, 'u')
    .replace(/ö/g, 'o')
    .replace(/ç/g, 'c')
    .replace(/\s+/g, '');

/** Customer n of a seed: deterministic, Turkish names and addresses. */
export function customer(seed: number, index: number): Customer {
  const rng = rngFor(seed, 2, index);
  const firstName = pick(rng, FIRST);
  const lastName = pick(rng, LAST);
  const [city, district, neighborhood, cityCode] = pick(rng, PLACES);
  const guest = rng() < 0.15;
  return {
    index,
    id: 400_000 + index,
    code: `CUST${String(index + 1).padStart(20, '0')}`,
    firstName,
    lastName,
    email: `${ascii(firstName)}.${ascii(lastName)}${index}@example.com`,
    phone: `905${digits(rng, 9)}`,
    city,
    district,
    neighborhood,
    cityCode,
    street: `${pick(rng, STREETS)} No:${int(rng, 1, 180)} D:${int(rng, 1, 30)}`,
    postalCode: `${String(cityCode).padStart(2, '0')}${digits(rng, 3)}`,
    taxNumber: rng() < 0.1 ? digits(rng, 10) : null,
    guest,
  };
}
