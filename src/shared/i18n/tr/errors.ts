import type { errors as en } from '../en/errors';
import type { Shape } from '../shape';

export const errors: Shape<typeof en> = {
  invalid_input: 'Verilerin bir kısmı geçerli değil.',
  unknown_method: 'Uygulama tanımadığı bir işlem istedi.',
  forbidden: 'Buna izin verilmiyor.',
  not_signed_in: 'Lütfen önce giriş yapın.',
  auth_failed: 'Kullanıcı adı veya şifre hatalı.',
  session_expired: 'Oturumunuz sona erdi. Lütfen yeniden giriş yapın.',
  network: 'Servise ulaşılamıyor. Ağı veya adresi kontrol edin.',
  timeout: 'Servis zamanında yanıt vermedi.',
  service_error: 'Servis bir hata bildirdi.',
  bad_response: 'Servis, uygulamanın okuyamadığı bir yanıt verdi.',
  not_found: 'Bulunamadı.',
  conflict: 'Bu, mevcut durumla çelişiyor.',
  needs_confirmation: 'Bunun için onayınız gerekiyor.',
  unavailable: 'Bu burada kullanılamıyor.',
  internal: 'Uygulamanın içinde bir şeyler ters gitti.',
  details: 'Ayrıntılar',
  reasons: {
    count_not_settled: 'Sayım gönderilmeden önce kontrol ekranında {{count}} satır yeniden sayılmalı ya da karar verilmeli.',
    not_in_recount: '{{sku}} yeniden sayılacak satırlardan biri değil. Hiçbir şey sayılmadı; yalnızca listedeki ürünleri okutun.',
    not_recounted: '{{sku}} henüz yeniden sayılmadı.',
    count_open_elsewhere:
      '{{storageCode}} sayımı bu bilgisayarda başka bir pencerede açık. Oradan devam edin; o pencere kapandıysa sayımı buraya alın.',
    admin_pin_not_set: 'Önce bir yönetici PIN’i belirlenmeli (Ayarlar → Yönetici ayarları).',
    admin_locked: 'Bu ayarlar yöneticiye aittir: önce yönetici PIN’iyle kilidi açın.',
    admin_pin_wrong: 'Yönetici PIN’i yanlış. Beklemeden önce {{left}} deneme hakkı kaldı.',
    admin_pin_wrong_wait: 'Yönetici PIN’i yanlış. {{seconds}} saniye sonra tekrar deneyin.',
    admin_wait: 'Çok fazla yanlış PIN girildi. {{seconds}} saniye sonra tekrar deneyin.',
    admin_pin_mismatch: 'İki PIN aynı değil.',
    admin_pin_exists: 'Bu bilgisayarda zaten bir yönetici PIN’i var.',
  },
  technical: 'Teknik ayrıntılar (destek için)',
  cause: {
    refused: 'Bu adreste cevap veren yok: servis kapalı olabilir ya da adres yanlış.',
    dns: 'Adres bulunamadı: bağlantıdaki adresi kontrol edin.',
    dropped: 'Servisle konuşurken bağlantı koptu. Uygulama yeniden deneyecek.',
    other: '',
  },
  http: {
    refused: 'Servis bunu kabul etmedi (cevap kodu {{status}}).',
    '400': 'Servis gönderilen bilgiyi kabul etmedi.',
    '401': 'Servis kullanıcı adını ya da şifreyi kabul etmedi.',
    '403': 'Kullanıcınızın serviste buna yetkisi yok.',
    '404': 'Servis bu kaydı ya da adresi tanımıyor.',
    '409': 'Serviste bu kaydın daha yeni bir hâli var.',
    '413': 'Gönderilen bilgi servis için fazla büyük.',
    '429': 'Servis yoğun. Uygulama biraz sonra yeniden deneyecek.',
    '5xx': 'Servisin kendi tarafında bir sorun var. Uygulama yeniden deneyecek.',
  },
  workspace: {
    workspace_missing:
      'Bu bağlantının verisi yok ya da boş (sayımlar ve gönderilmemiş kayıtlar dahil). Bir yedeği geri yükleyin (README) ya da bilgi işleme haber verin.',
    workspace_damaged:
      'Bu bağlantının verisi bozulmuş. Kenara alındı (silinmedi), okunabilenler {{exported}} dosyasına kaydedildi. Boş bir önbellekle başlamak için yeniden giriş yapın.',
  },
  outbox: {
    refused: 'Servis bu gönderimi reddetti. Sorunu düzeltip yeniden gönderin ya da iptal edin.',
    blocked: 'Servisin reddettiği #{{blockedBy}} numaralı gönderimin arkasında bekliyor: onu yeniden gönderin ya da iptal edin.',
    stale:
      'Yeniden gönderilmedi: {{storageCode}} rafındaki {{sku}} için daha yeni bir sayım {{sentAt}} tarihinde gönderildi. Bunu iptal edin.',
    unauthorized: 'Servis bu kullanıcının {{kind}} gönderimlerine izin vermiyor. Yetki isteyin, sonra yeniden gönderin.',
    unrecorded: 'Servis yanıt verdi; disk yazmaya izin verince uygulama bunu kaydedecek (disk dolu ya da meşgul).',
    halted: 'Gönderim durdu: servis bu kullanıcının bu gönderimlerine izin vermiyor.',
  },
};
