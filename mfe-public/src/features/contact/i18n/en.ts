// The contact feature's texts, in the public remote's namespace. tr.ts has exactly these keys.
export const en = {
  contact: {
    title: 'Contact us',
    subtitle: 'Questions about Stockwise, your plan or your account? Send us a message and we will get back to you.',
    appTitle: 'Send us a message',
    name: 'Your name',
    email: 'Email',
    subject: 'Subject (optional)',
    message: 'Message',
    submit: 'Send message',
    sending: 'Sending…',
    sentTitle: 'Message sent',
    another: 'Send another message',
    failed: 'Your message could not be sent. Please try again.',
    info: 'We usually answer within one business day.',
  },
};
export type ContactTexts = typeof en;
