import type { outbox as en } from '../en/outbox';
import type { Shape } from '../shape';

export const outbox: Shape<typeof en> = {
  title: 'Gönderimler',
  intro: 'Uygulamanın servise gönderdiği her şey, servis alana kadar burada bekler.',
  filter: 'Göster',
  filters: { open: 'Henüz gitmeyenler', failed: 'Reddedilenler', all: 'Hepsi' },
  empty: 'Burada bir şey yok.',
  columns: {
    what: 'Ne',
    group: 'Nereye',
    state: 'Durumu',
    attempts: 'Deneme',
    next: 'Sonraki deneme',
    created: 'Sıraya girdi',
  },
  kind: { inventory: 'Stok sayımı', products: 'Ürünler', other: '{{kind}}' },
  state: {
    pending: 'Bekliyor',
    sending: 'Şu an gönderiliyor',
    sent: 'Gönderildi',
    failed: 'Reddedildi',
    cancelled: 'İptal edildi',
  },
  summary: {
    inventory: '{{storageCode}}: {{lines}} ürün, {{units}} adet',
    products: '“{{label}}”: {{records}} ürün',
    batch: '{{batches}} parçadan {{batch}}. parça',
  },
  group: { inventory: '{{code}} rafı', products: 'Ürün servisi' },
  row: { said: 'Servis: “{{said}}”' },
  detail: {
    tries: 'Her deneme ve cevabı',
    try: '{{attempt}}. deneme, {{time}}',
    accepted: 'kabul edildi',
    answerBody: 'Servisin cevabı',
    title: '{{id}} numaralı gönderim',
    request: 'Gönderilen',
    answer: 'Servisin cevabı',
    noAnswer: 'Henüz cevap yok.',
    status: 'Cevap kodu {{status}}',
    error: 'Sorun',
    sentAt: 'Gönderildi: {{time}}',
  },
  actions: {
    open: 'Aç',
    retry: 'Yeniden gönder',
    retryAll: 'Hepsini yeniden gönder',
    cancel: 'Bu gönderimi iptal et',
    export: 'Listeyi dışa aktar',
    close: 'Kapat',
  },
  why: {
    inFlight: 'Şu an gönderiliyor; iptal edilemez.',
    notOpen: 'Yalnızca henüz gitmemiş bir gönderim iptal edilebilir ya da yeniden gönderilebilir.',
    noneRefused: 'Reddedilen gönderim yok: yeniden gönderilecek bir şey yok.',
  },
  moved: {
    title: 'Önceki adres için yapılan gönderimler',
    text_one:
      '{{count}} gönderim bu bağlantının adresi ya da şirketi değiştirilmeden önce yapıldı. Bekletiliyor: bir yönetici söylemedikçe yeni adrese gönderilmez.',
    text_other:
      '{{count}} gönderim bu bağlantının adresi ya da şirketi değiştirilmeden önce yapıldı. Bekletiliyorlar: bir yönetici söylemedikçe yeni adrese gönderilmezler.',
    send: 'Yeni adrese gönder',
    cancel: 'Onları iptal et',
    sent_one: '{{count}} gönderim yeni adrese gönderilecek.',
    sent_other: '{{count}} gönderim yeni adrese gönderilecek.',
    cancelled_one: '{{count}} gönderim iptal edildi.',
    cancelled_other: '{{count}} gönderim iptal edildi.',
  },
  confirmCancel: {
    title: 'Bu gönderim iptal edilsin mi?',
    text: '{{what}} servise hiç gönderilmeyecek. Bu geri alınamaz.',
    keep: 'Vazgeç, kalsın',
    confirm: 'Gönderimi iptal et',
  },
  toast: {
    retried_one: '{{count}} gönderim yeniden gönderiliyor.',
    retried_other: '{{count}} gönderim yeniden gönderiliyor.',
    cancelled: 'Gönderim iptal edildi.',
    notCancelled: 'Gönderim iptal edilemedi: o sırada gönderiliyordu.',
  },
};
