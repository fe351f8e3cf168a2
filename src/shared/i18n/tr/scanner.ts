import type { scanner as en } from '../en/scanner';
import type { Shape } from '../shape';

export const scanner: Shape<typeof en> = {
  title: 'Barkod okuyucu',
  intro:
    'USB okuyucular bir kodu karakter başına birkaç milisaniyede yazar ve bir tuşla bitirir. Bu ayarlar okutmayı klavyeyle yazmaktan ayırır.',
  prefix: 'Okuyucunun koddan önce gönderdiği önek',
  prefixHint: 'Genellikle boş.',
  suffix: 'Kodu bitiren tuş',
  suffixes: { Enter: 'Enter', Tab: 'Tab', none: 'Yok (bir duraklama kodu bitirir)' },
  maxInterKeyMs: 'Bir okutmadaki iki karakter arası en uzun duraklama (ms)',
  minLength: 'En kısa kod uzunluğu',
  usePhysicalKeys: 'Kodları fiziksel tuşlardan oku (Türkçe Q/F klavyelerde açık bırakın)',
  sound: 'Okutma kaydedilince bip sesi',
  gsSubstitute: 'Okuyucunun GS1 ayracı (FNC1) için gönderdiği karakter',
  gsSubstituteHint: 'Okuyucu GS’nin kendisini gönderiyorsa boş. Gönderemeyenler çoğunlukla ~ ya da | gönderir.',
  test: {
    apply: 'Uygula',
    title: 'Okuyucuyu dene',
    start: 'Denemeyi başlat',
    stop: 'Denemeyi durdur',
    hint: 'Şimdi herhangi bir barkodu okutun. Ne geldiğini ve okutma sayılıp sayılmadığını görürsünüz.',
    waiting: 'Okutma bekleniyor…',
    recognised: 'Okutma olarak tanındı: {{code}}',
    typing: 'Okutma değil, klavyeyle yazma sayıldı: “{{text}}”',
    keys: 'Gelen tuşlar',
    key: 'Tuş',
    code: 'Fiziksel tuş',
    decoded: 'Okunan',
    gap: 'Duraklama (ms)',
    advice: 'Öneri',
    adviceGap: 'Okuyucu karakterler arasında {{gap}} ms’ye kadar duruyor: en uzun duraklamayı {{suggest}} ms ya da daha fazla yapın.',
    adviceLayout:
      'Klavye düzeni bazı karakterleri değiştiriyor (tuş “{{key}}” diyor, okuyucu “{{meant}}” demek istedi): “fiziksel tuşlardan oku” açık kalsın.',
    adviceSuffix: 'Kod {{got}} ile bitti ama ayar {{want}} diyor: “Kodu bitiren tuş” ayarını değiştirin.',
    adviceShort: 'Kod {{length}} karakter, en kısa kod uzunluğu {{min}} değerinden az.',
    advicePrefix: 'Kod “{{prefix}}” önekiyle başlamıyor.',
    adviceOk: 'Ayarlar bu okuyucuya uygun.',
  },
};
