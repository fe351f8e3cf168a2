import type { signIn as en } from '../en/signIn';
import type { Shape } from '../shape';

export const signIn: Shape<typeof en> = {
  languageOther: 'Language',
  title: 'Giriş',
  profile: 'Bağlantı',
  noProfiles: 'Henüz bağlantı yok. Ayarlar’dan ekleyin ya da eğitim modunu deneyin.',
  userName: 'Kullanıcı adı',
  password: 'Şifre',
  remember: 'Bu bilgisayarda beni hatırla',
  rememberUnavailable: 'Bu bilgisayar şifreleri güvenle saklayamıyor; uygulama şifreyi hatırlamayacak.',
  weakStorageTitle: 'Zayıf şifre koruması',
  weakStorage:
    'Bu bilgisayarda şifre anahtarlığı yok. Şifre ancak bu kullanıcının diğer programlarının okuyabileceği zayıf bir korumayla saklanabilir. Yine de saklansın mı?',
  weakStorageAccept: 'Zayıf korumayla sakla',
  weakStorageDecline: 'Hatırlama',
  submit: 'Giriş yap',
  signingIn: 'Giriş yapılıyor…',
  training: 'Eğitim modu',
  trainingHint: 'Uydurma verilerle alıştırma yapın. Hiçbir şey gerçek servise ulaşmaz.',
  manageProfiles: 'Bağlantılar…',
  resume: '{{user}} olarak devam et',
  offlineNotice: 'Servise ulaşılamadı: çevrimdışı giriş yaptınız ve bu bilgisayardaki verilerle çalışıyorsunuz.',
};
