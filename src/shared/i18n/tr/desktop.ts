import type { desktop as en } from '../en/desktop';
import type { Shape } from '../shape';

export const desktop: Shape<typeof en> = {
  menu: {
    file: 'Dosya',
    quit: 'Çıkış',
    edit: 'Düzen',
    undo: 'Geri al',
    redo: 'Yinele',
    cut: 'Kes',
    copy: 'Kopyala',
    paste: 'Yapıştır',
    selectAll: 'Tümünü seç',
    view: 'Görünüm',
    zoomIn: 'Yazıyı büyüt',
    zoomOut: 'Yazıyı küçült',
    resetZoom: 'Normal yazı boyu',
    fullScreen: 'Tam ekran',
    window: 'Pencere',
    minimize: 'Simge durumuna küçült',
    close: 'Pencereyi kapat',
    devTools: 'Geliştirici araçları',
    reload: 'Yeniden yükle',
  },
  crash: {
    title: 'Depo Masası',
    message: 'Depo Masası penceresi kısa sürede iki kez beklenmedik biçimde kapandı.',
    detail:
      'Sayımlarınız ve sırada bekleyen gönderimler kayıtlı. Devam etmek için pencereyi yeniden yükleyin; tekrarlarsa uygulamadan çıkıp yeniden başlatın ya da bilgi işleme haber verin. (Neden: {{reason}})',
    reload: 'Yeniden yükle',
    quit: 'Çıkış',
  },
  startup: {
    title: 'Depo Masası açılamıyor',
    newerDatabase:
      '{{dir}} içindeki veriler Depo Masası’nın daha yeni bir sürümüyle kaydedilmiş (veritabanı sürümü {{version}}; bu sürüm en fazla {{latest}} tanıyor). Yeni sürümü kurun. Hiçbir şey değiştirilmedi.',
    nativeMissing:
      'Uygulamanın bir parçası eksik ({{path}} konumundaki veritabanı modülü, better-sqlite3). Depo Masası’nı yeniden kurun ya da bilgi işleme haber verin.',
    failed: 'Depo Masası açılırken durdu: {{message}}',
    storage: 'Depo Masası {{dir}} içindeki verilerini kullanamıyor. {{why}} Hiçbir şey değiştirilmedi.',
  },
};
