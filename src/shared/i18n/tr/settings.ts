import type { settings as en } from '../en/settings';
import type { Shape } from '../shape';

export const settings: Shape<typeof en> = {
  title: 'Ayarlar',
  general: 'Genel',
  language: 'Dil',
  languages: { tr: 'Türkçe', en: 'English' },
  profiles: {
    title: 'Bağlantılar',
    add: 'Yeni bağlantı',
    edit: 'Bağlantıyı düzenle',
    name: 'Ad',
    omsUrl: 'Sipariş servisi (OMS) adresi',
    pimUrl: 'Ürün servisi (PIM) adresi',
    companyId: 'Şirket numarası',
    storageCodes: 'Depo kodları',
    storageCodesHint: 'Her satıra bir tane ya da virgülle ayırarak, ör. A-01-01',
    insecureHttp:
      '{{address}} başka bir bilgisayarda http:// adresi: şifreniz ve oturum anahtarınız ağda şifrelenmeden gider. Servis destekliyorsa https:// kullanın.',
    insecureHttpAccept: 'Yöneticiyim, bu riski kabul ediyorum',
    movedSignIn: 'Bir adresi ya da şirketi değiştirirseniz hatırlanan şifre silinir ve yeniden giriş yapmanız istenir.',
    timestampUnit: 'Tarih filtresi birimi',
    timestampUnits: { ms: 'Milisaniye', s: 'Saniye' },
    pageSize: 'Sayfa boyutu',
    saved: 'Bağlantı kaydedildi.',
    deleted: 'Bağlantı silindi.',
    confirmDelete: '“{{name}}” bağlantısı silinsin mi? Bu bilgisayardaki verileri silinmez.',
    empty: 'Henüz bağlantı yok.',
    use: 'Kullan',
  },
  sync: {
    title: 'Arka planda eşitleme',
    interval: 'Eşitleme aralığı (dakika, 0 = kapalı)',
  },
  countOptions: {
    title: 'Sayım (bu bağlantı)',
    blind: 'Kör sayım: sayarken önceki sayımın adetlerini gösterme',
    blindHint: 'Önceki adetler yalnızca kontrol ekranında görünür; kimse o sayıya göre saymaz.',
    recount: 'Büyük farkları göndermeden önce yeniden saydır',
    recountUnits: 'En az şu kadar fark (adet)',
    recountPercent: 've en az (son sayımın %’si)',
    recountHint: 'Son sayıma göre bu kadar değişen satır, sayım gönderilmeden önce yeniden okutulmalı.',
  },
  station: {
    name: 'Bu bilgisayarın adı (istasyon)',
    hint: 'Her sayımda, sayım geçmişinde ve CSV dosyasında görünür. Boş bırakılırsa bilgisayarın adı kullanılır.',
  },
  images: {
    title: 'Görseller',
    baseUrl: 'Görsel sunucusu adresi (ürün ve iade fotoğrafları için)',
    onlyThere: 'Görseller yalnızca bu sunucudan yüklenir; adres değişince sayfa yeniden yüklenir.',
  },
  about: {
    title: 'Hakkında',
    version: 'Sürüm {{version}}',
    dataDir: 'Veri klasörü: {{dir}}',
    secrets: 'Şifre saklama: {{backend}}',
    backends: { os: 'sistem anahtarlığı', basic_text: 'zayıf (basic_text)', none: 'yok' },
  },
  saved: 'Kaydedildi.',
};
