import type { TranslationsOf } from '@stockwise/shared';
import type { ContactTexts } from './en';

export const tr: TranslationsOf<ContactTexts> = {
  contact: {
    title: 'Bize ulaşın',
    subtitle: 'Stockwise, planınız veya hesabınız hakkında sorularınız mı var? Bize mesaj gönderin, size dönelim.',
    appTitle: 'Bize mesaj gönderin',
    name: 'Adınız',
    email: 'E-posta',
    subject: 'Konu (isteğe bağlı)',
    message: 'Mesaj',
    submit: 'Mesajı gönder',
    sending: 'Gönderiliyor…',
    sentTitle: 'Mesaj gönderildi',
    another: 'Başka bir mesaj gönder',
    failed: 'Mesajınız gönderilemedi. Lütfen tekrar deneyin.',
    info: 'Genellikle bir iş günü içinde yanıt veririz.',
  },
};
