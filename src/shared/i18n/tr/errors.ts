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
  timeout: 'Servis zamanında cevap vermedi.',
  service_error: 'Servis bir hata bildirdi.',
  bad_response: 'Servis, uygulamanın okuyamadığı bir cevap verdi.',
  not_found: 'Bulunamadı.',
  conflict: 'Bu, şu anki durumla uyuşmuyor.',
  needs_confirmation: 'Bunun için onayınız gerekiyor.',
  unavailable: 'Bu şu an kullanılamıyor.',
  storage: 'Uygulama bu bilgisayardaki verilerini okuyamıyor ya da yazamıyor.',
  call_failed:
    'Uygulama bu isteği ya da yanıtını kendi parçaları arasında iletemedi. Yeniden deneyin; sürerse uygulamayı yeniden başlatın.',
  internal: 'Uygulamada beklenmeyen bir sorun oldu.',
  details: 'Ayrıntılar',
  reasons: {
    stored_payload_invalid:
      'Bu bilgisayarda bekleyen gönderim artık okunamıyor, bu yüzden gönderilmedi. Yeniden yapın (rafı yeniden sayın ya da ürünleri yeniden kaydedin).',
    station_name_control_chars: 'İstasyon adında denetim karakteri (NUL ya da satır sonu gibi) olamaz.',
    insecure_image_http:
      '{{address}} başka bir bilgisayarda http:// adresi: müşterilerin iade fotoğrafları ağda şifrelenmeden geçer. https:// kullanın ya da yönetici olarak riski kabul ettiğinizi işaretleyin.',
    web_link_needed:
      'Bu adres yalnızca “wd web” başlarken yazdığı bağlantıyla açılır (bir kez çalışır, onu başlatan kullanıcının tarayıcısında). O bağlantıyı açın ya da “wd web”i yeniden başlatın.',
    code_control_chars:
      'Kodda etiketlerde basılmayan karakterler var (yanlışlıkla basılan bir tuş ya da yapıştırma). Hiçbir şey sayılmadı: etiketi yeniden okutun ya da kodu yeniden yazın.',
    scan_too_long: 'Okunan metin bir kod için fazla uzun (512 karakterden fazla). Hiçbir şey sayılmadı: etiketi yeniden okutun.',
    scan_quantity_too_large:
      'Bir okutma en fazla 100.000 adet sayar. Hiçbir şey sayılmadı: daha küçük bir miktar yazın ya da satırın miktarını listede girin.',
    line_too_large:
      '{{sku}} 2.000.000.000 adetten fazlasını tutacaktı; servis bundan fazlasını almaz. Hiçbir şey değişmedi: okutmadan önce yazılan miktarı kontrol edin.',
    password_refused:
      'Servis, giriş yaptığınız şifreyi artık kabul etmiyor (değiştirilmiş olabilir). Yeni şifreyle giriş yapın: sayımlar ve gönderilmeyenler duruyor.',
    storage_code_scanned:
      '{{code}} bir depo kodunun etiketi, ürün değil: sayılmadı. Raftaki ürünleri okutun (bu sayım {{storageCode}} için).',
    storage_code_is_product: '{{code}} bir ürünün barkodu ({{name}}, {{sku}}), depo kodu değil. Rafın etiketini okutun.',
    storage_code_chars: 'Depo kodunda yalnızca harf, rakam ve . _ - / olabilir (boşluk olmaz), örneğin A-01.',
    count_not_settled: 'Sayım gönderilmeden önce kontrol ekranında {{count}} satır yeniden sayılmalı ya da karar verilmeli.',
    not_in_recount: '{{sku}} yeniden sayılacak satırlardan biri değil. Hiçbir şey sayılmadı; yalnızca listedeki ürünleri okutun.',
    not_recounted: '{{sku}} henüz yeniden sayılmadı.',
    count_taken_over:
      '{{storageCode}} sayımı başka bir pencereye alındı: burada sayılmıyor. Oradan devam edin ya da {{storageCode}} kodunu burada yeniden açın.',
    count_open_elsewhere:
      '{{storageCode}} sayımı bu bilgisayarda başka bir pencerede açık. Oradan devam edin; o pencere kapandıysa sayımı buraya alın.',
    sync_running: 'Zaten bir eşitleme sürüyor. Bitmesini bekleyin.',
    from_after_to: 'Başlangıç tarihi bitiş tarihinden sonra.',
    disk_full:
      'Bu bilgisayarın diski dolu: bu kaydedilemedi. Daha önce kaydedilenler duruyor. Yer açın (ya da BT’ye haber verin), sonra yeniden yapın.',
    disk_error: 'Bu bilgisayarın diski okuyamadı ya da yazamadı. Yeniden deneyin; tekrar olursa diski BT’ye kontrol ettirin.',
    disk_read_only: 'Uygulamanın veri klasörüne yazılamıyor (salt okunur ya da izin yok). Klasörü BT’ye kontrol ettirin.',
    data_damaged:
      'Uygulamanın bu bilgisayardaki verilerinin bir kısmı bozuk ve okunamıyor. Henüz gönderilmemişleri not edin ve bilgi işlemden yedeği geri yüklemesini isteyin.',
    not_a_date: '“{{value}}” bir tarih değil.',
    bad_dates: 'Bir başlangıç ve bir bitiş tarihi seçin.',
    list_incomplete:
      'Servis bildirdiği {{expected}} paketin yalnızca {{seen}} tanesini verdi (iki kez denendi). Bazı paketler eksik olabilir; biraz sonra yeniden eşitleyin.',
    page_unreadable:
      'Listenin {{page}}. sayfası okunamayan bir biçimde geldi. Biraz sonra yeniden eşitleyin; düzelmezse destek ekibine haber verin.',
    answer_too_large: 'Servisin cevabı okunamayacak kadar büyük.',
    package_not_found: '{{id}} numaralı paket bu bilgisayarda yok. Paketleri eşitleyin.',
    assign_needs_sku: 'Bu kodun ait olduğu SKU’yu yazın ya da kodu kendi SKU’su olarak sayın.',
    unknown_codes_one: 'Okutulan {{count}} kod tanınan bir ürün değil. Önce bir SKU’ya atayın ya da kendi SKU’su olarak sayın.',
    unknown_codes_other: 'Okutulan {{count}} kod tanınan bir ürün değil. Önce bir SKU’ya atayın ya da kendi SKU’su olarak sayın.',
    nothing_counted: 'Henüz bir şey sayılmadı: önce ürünleri okutun.',
    risky_lines_one: '{{count}} satır bir SKU’yu 0 yapıyor ya da çok değiştiriyor. Yine de göndermek için kutuyu işaretleyin.',
    risky_lines_other: '{{count}} satır bir SKU’yu 0 yapıyor ya da çok değiştiriyor. Yine de göndermek için kutuyu işaretleyin.',
    count_not_found: 'Bu sayım artık bu bilgisayarda yok. Depo kodunu yeniden seçin.',
    count_pushed: '{{storageCode}} sayımı zaten gönderildi. Yeni bir sayım için depo kodunu yeniden seçin.',
    count_discarded: '{{storageCode}} sayımı iptal edildi. Yeni bir sayım için depo kodunu yeniden seçin.',
    line_not_found: '{{sku}} bu sayımda yok.',
    sku_not_in_catalogue: '{{sku}} ürün listesinde yok. {{code}} kodunun {{sku}} olduğunu onaylayın.',
    bad_profile_id: 'Bu bağlantının adı verisi için kullanılamıyor. Bağlantıyı yeniden oluşturun.',
    profile_not_found: 'Bu bağlantı artık yok.',
    profile_in_use: 'Giriş yaptığınız bağlantıyı silmeden önce çıkış yapın.',
    training_profile: 'Eğitim bağlantısı değiştirilemez ve silinemez.',
    training_profile_sign_in: 'Eğitim için Eğitim modu düğmesini kullanın.',
    no_training: 'Eğitim modu burada kullanılamıyor.',
    no_profile: 'Önce bir bağlantı seçin.',
    nothing_remembered: 'Bu bağlantı için hatırlanan bir şifre yok. Şifreyi yazın.',
    remembered_unreadable: 'Hatırlanan şifre bu bilgisayarda okunamıyor. Şifreyi yeniden yazın.',
    newer_database:
      'Bu veriler uygulamanın daha yeni bir sürümüyle kaydedilmiş (veritabanı sürümü {{version}}; bu sürüm en fazla {{latest}} tanıyor). Yeni sürümü kurun.',
    weak_storage: 'Bu bilgisayar şifreyi yalnızca zayıf bir korumayla saklayabilir. Yine de saklanıp saklanmayacağını seçin.',
    no_secure_storage: 'Bu bilgisayarda şifreyi güvenle saklayacak bir yer yok. Her girişte şifreyi yazın.',
    insecure_http:
      '{{address}} başka bir bilgisayarda ve http:// ile başlıyor: şifre ağda açık gider. https:// kullanın ya da bir yönetici riski kabul etsin.',
    unauthorized: 'Servis bu kullanıcının bunu yapmasına izin vermiyor. Yetki isteyin, sonra yeniden deneyin.',
    stale: '{{storageCode}} rafındaki {{sku}} için daha yeni bir sayım {{sentAt}} tarihinde gönderildi; bu eski sayım yeniden gönderilmez.',
    workspace_closed: 'Bağlantı kapandı (çıkış yapıldı). Yeniden giriş yapın.',
    receiver_not_started: 'Bildirim alıcısı başlatılamadı (port kullanımda olabilir). Başka bir port seçin.',
    receiver_public: '{{host}} adresini dinlemek alıcıyı ağdaki diğer bilgisayarlara açar. Devam etmek için onaylayın.',
    receiver_secret_short: 'Şifre ya da belirteç en az 8 karakter olmalı.',
    receiver_user_missing: 'Kullanıcı adı ve şifreyle giriş için bir kullanıcı adı gerekiyor.',
    token_bearer_only: 'Erişim anahtarı yalnızca “Erişim anahtarı” ile giriş seçiliyken oluşturulur.',
    notification_not_found: 'Bu bildirim artık bu bilgisayarda yok.',
    no_inspection: '{{id}} numaralı iadenin henüz bir incelemesi yok. İadeyi yeniden açın.',
    inspection_done: '{{id}} numaralı iadenin incelemesi tamamlandı olarak işaretli. Değiştirmek için incelemeyi yeniden açın.',
    inspection_changed: 'Siz açtıktan sonra bu incelemeyi başka biri değiştirdi. İncelemeyi yeniden açın.',
    return_line_not_found: 'Bu incelemedeki bir ürün artık {{id}} numaralı iadede yok. İadeyi yeniden açın.',
    not_in_return: '{{code}} ne bu iadenin bir ürünü ne de tanınan bir ürün.',
    return_changed: 'İade bu arada serviste değişti: önce değişikliğe bakın.',
    decision_missing: 'Önce kabul ya da ret seçin.',
    draft_not_found: 'Bu taslak artık yok.',
    admin_pin_not_set: 'Önce bir yönetici PIN’i belirlenmeli (Ayarlar → Yönetici ayarları).',
    admin_locked: 'Bu ayarlar yöneticiye aittir: önce yönetici PIN’iyle kilidi açın.',
    admin_pin_wrong: 'Yönetici PIN’i yanlış. Beklemeden önce {{left}} deneme hakkı kaldı.',
    admin_pin_wrong_wait: 'Yönetici PIN’i yanlış. {{seconds}} saniye sonra tekrar deneyin.',
    admin_wait: 'Çok fazla yanlış PIN girildi. {{seconds}} saniye sonra tekrar deneyin.',
    admin_pin_mismatch: 'İki PIN aynı değil.',
    admin_pin_exists: 'Bu bilgisayarda zaten bir yönetici PIN’i var.',
  },
  technical: 'Teknik ayrıntılar (destek için)',
  technicalLines: {
    code: 'Hata kodu: {{code}}',
    status: 'Yanıt kodu: {{status}}',
    said: 'Servisin yazdığı: {{said}}',
  },
  cause: {
    refused: 'Bu adreste cevap veren yok: servis kapalı olabilir ya da adres yanlış.',
    dns: 'Adres bulunamadı: bağlantıdaki adresi kontrol edin.',
    dropped:
      'Servisle konuşurken bağlantı koptu. Sırada bekleyen gönderimler kendiliğinden yeniden gönderilir; başka bir işlemse yeniden deneyin.',
    other: '',
  },
  http: {
    said: '{{base}} Servisin cevabı: “{{said}}”',
    refused: 'Servis bunu kabul etmedi (cevap kodu {{status}}).',
    '400': 'Servis gönderilen bilgiyi kabul etmedi.',
    '401': 'Servis kullanıcı adını ya da şifreyi kabul etmedi.',
    '403': 'Kullanıcınızın serviste buna yetkisi yok.',
    '404': 'Servis bu kaydı ya da adresi tanımıyor.',
    '409': 'Serviste bu kaydın daha yeni bir hâli var.',
    '413': 'Gönderilen bilgi servis için fazla büyük.',
    '429':
      'Servis yoğun. Sırada bekleyen gönderimler kendiliğinden yeniden gönderilir; başka bir işlemse bir dakika sonra yeniden deneyin.',
    '5xx':
      'Servisin kendi tarafında bir sorun var. Sırada bekleyen gönderimler kendiliğinden yeniden gönderilir; başka bir işlemse daha sonra yeniden deneyin.',
  },
  workspace: {
    foreign_database:
      '{{file}} bu uygulamanın dosyası değil: yerinde başka bir programın veritabanı var. Olduğu gibi bırakıldı. Onu başka yere taşıyın (ya da doğru dosyayı geri koyun), sonra yeniden deneyin.',
    workspace_set_aside:
      'Uygulama çalışırken bu bağlantının verisinin bir kısmı bozuk bulundu. Veri kenara alındı (saklanıyor), gönderilmeyenler ve açık sayımlar yanına kaydedildi ve oturumunuz kapandı. Yeni bir önbellekle başlamak için yeniden giriş yapın; dosyaya BT baksın.',
    workspace_damaged_unread:
      'Bu bağlantının verisi bozulmuş ve içinden hiçbir şey okunamadı. {{movedTo}} olarak kenara alındı (silinmedi). bilgi işlemden yedeği geri yüklemesini isteyin; boş bir kopyayla başlamak için yeniden giriş yapın.',
    workspace_missing:
      'Bu bağlantının verisi yok ya da boş (sayımlar ve gönderilmemiş kayıtlar dahil). Bir yedeği geri yükleyin ya da bilgi işleme haber verin.',
    workspace_damaged:
      'Bu bağlantının verisi bozulmuş. Kenara alındı (silinmedi), okunabilenler {{exported}} dosyasına kaydedildi. Boş bir kopyayla başlamak için yeniden giriş yapın.',
  },
  outbox: {
    refused: 'Servis bu gönderimi reddetti. Sorunu düzeltip yeniden gönderin ya da iptal edin.',
    blocked: 'Servisin reddettiği #{{blockedBy}} numaralı gönderimin arkasında bekliyor: onu yeniden gönderin ya da iptal edin.',
    stale:
      'Yeniden gönderilmedi: {{storageCode}} rafındaki {{sku}} için daha yeni bir sayım {{sentAt}} tarihinde gönderildi. Bunu iptal edin.',
    unauthorized: 'Servis bu kullanıcının {{kind}} gönderimlerine izin vermiyor. Yetki isteyin, sonra yeniden gönderin.',
    unrecorded: 'Servis cevap verdi; disk el verince (şu an dolu ya da meşgul) uygulama cevabı kaydedecek.',
    halted: 'Gönderim durdu: servis bu kullanıcının bu gönderimlerine izin vermiyor.',
    recovered:
      'Bu bağlantının bozulan verisinden kurtarıldı ({{since}} tarihinde kenara alındı); gönderildiği hiç doğrulanmadı. Kontrol edin, sonra yeniden gönderin ya da iptal edin.',
    from_backup:
      '{{since}} tarihinde alınan bir yedekten geliyor; o sırada henüz gönderilmemişti: sonradan gönderilmiş, ardından daha yeni bir sayım da gönderilmiş olabilir. Servisteki stoğa bakın: gerekiyorsa yeniden gönderin, yoksa iptal edin.',
    answer_unknown:
      '{{since}} tarihinde gönderilirken uygulama kapandı; servis bunu almış olabilir, bu arada daha yeni bir sayım da gönderilmiş olabilir. Servisteki stoğa bakın: gerekiyorsa yeniden gönderin, yoksa iptal edin.',
    moved:
      '{{url}} (şirket {{companyId}}) için yapıldı; bağlantı sonradan başka bir adrese ya da şirkete çevrildi. Gönderilmiyor, bekletiliyor: bir yönetici onu yeni adrese gönderir ya da iptal eder.',
  },
};
