import { addTranslations } from '@stockwise/shared';

const en = {
  profile: {
    title: 'Your profile',
    subtitle: 'How you appear to your team, and how you sign in.',
    firstName: 'First name',
    lastName: 'Last name',
    userName: 'User name',
    email: 'Email',
    picture: 'Profile picture',
    upload: 'Upload a picture',
    remove: 'Remove',
    uploading: 'Uploading…',
    pictureHint: 'PNG, JPEG or WebP, at most 5 MB.',
    pictureTooLarge: 'The picture is larger than 5 MB.',
    pictureType: 'Choose a PNG, JPEG, WebP or GIF image.',
    save: 'Save changes',
    saving: 'Saving…',
    saved: 'Your profile has been saved.',
    loading: 'Loading your profile…',
    cachedNotice: 'Showing the profile saved on this device; it could not be refreshed just now.',
    required: 'This field is required.',
    invalidEmail: 'Enter a valid email address.',
    invalidUserName: 'Use 3–100 letters, digits or . _ @ + -',
    roles: 'Roles',
    company: 'Company',
  },
};
const tr: typeof en = {
  profile: {
    title: 'Profiliniz',
    subtitle: 'Ekibinize nasıl göründüğünüz ve nasıl giriş yaptığınız.',
    firstName: 'Ad',
    lastName: 'Soyad',
    userName: 'Kullanıcı adı',
    email: 'E-posta',
    picture: 'Profil resmi',
    upload: 'Resim yükle',
    remove: 'Kaldır',
    uploading: 'Yükleniyor…',
    pictureHint: 'PNG, JPEG veya WebP, en fazla 5 MB.',
    pictureTooLarge: 'Resim 5 MB’tan büyük.',
    pictureType: 'PNG, JPEG, WebP veya GIF bir resim seçin.',
    save: 'Değişiklikleri kaydet',
    saving: 'Kaydediliyor…',
    saved: 'Profiliniz kaydedildi.',
    loading: 'Profiliniz yükleniyor…',
    cachedNotice: 'Bu cihazda kayıtlı profil gösteriliyor; şu anda yenilenemedi.',
    required: 'Bu alan zorunludur.',
    invalidEmail: 'Geçerli bir e-posta adresi girin.',
    invalidUserName: '3–100 harf, rakam veya . _ @ + - kullanın',
    roles: 'Roller',
    company: 'Şirket',
  },
};

export const NS = 'workspace';
addTranslations(NS, { en, tr });
