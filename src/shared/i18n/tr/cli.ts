import type { cli as en } from '../en/cli';
import type { Shape } from '../shape';

export const cli: Shape<typeof en> = {
  usage: 'Kullanım: wd [--data-dir KLASÖR] [--json] <komut> [seçenekler]',
  commands: 'Komutlar:',
  unknownCommand: 'Bilinmeyen komut: {{name}}',
  sandboxListening: 'sandbox listening on {{url}}',
  sandboxUsers: 'kullanıcılar: {{users}}',
  passwordMissing: 'Şifre yok: WD_PASSWORD değişkenini ayarlayın ya da standart girdiden verin.',
  loggedIn: '{{url}} adresine {{user}} olarak giriş yapıldı; “{{profile}}” bağlantısı kaydedildi (şifre saklanmadı).',
  webListening: 'Depo Masası (web) {{url}} adresinde',
  help: {
    web: 'uygulamayı 127.0.0.1 üzerinde tarayıcıya sunar (geliştirme, testler)',
    sandbox: 'simüle edilmiş servisi 127.0.0.1 üzerinde çalıştırır',
    login: 'kimlik bilgilerini servise karşı doğrular ve bağlantı profilini kaydeder',
  },
};
