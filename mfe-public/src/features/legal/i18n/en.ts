// The legal feature's texts, in the public remote's namespace. tr.ts has exactly these keys.
export const en = {
  privacy: {
    title: 'Privacy Policy',
    updated: 'Last updated: {{date}}',
    sections: [
      {
        title: 'Who we are',
        body: 'Stockwise provides an inventory tracking service to businesses. For the data your company keeps in Stockwise, your company is the controller and Stockwise processes it on your company’s behalf.',
      },
      {
        title: 'What we collect',
        body: 'Account data (name, user name, email, profile picture, roles), company data (name, industry, phone, logo), the inventory data your team enters (items, locations, customers, sales and their history), and messages you send through the contact form.',
      },
      {
        title: 'How we use it',
        body: 'To run the service: to sign you in, show your company’s workspace, send password-reset and invitation emails, process subscription payments through our card payment provider and answer your messages. We do not sell personal data.',
      },
      {
        title: 'Separation between companies',
        body: 'Every company’s data is kept apart from every other company’s at the database level. Users only ever see the data of their own company.',
      },
      {
        title: 'Storage and security',
        body: 'Passwords are stored only as salted hashes. Images such as item photos and company logos are kept in a cloud storage bucket. Connections are encrypted in transit.',
      },
      {
        title: 'Retention and your rights',
        body: 'We keep account and company data while the company uses Stockwise. You can see and correct your profile at any time; to export or delete your data, write to us through the contact page.',
      },
      {
        title: 'Cookies and local storage',
        body: 'Stockwise stores your sign-in token, cached profile, subscription, colour mode and language in your browser’s local storage. We use no advertising cookies.',
      },
      { title: 'Contact', body: 'Questions about this policy: use the contact page and we will answer.' },
    ],
  },
};
export type LegalTexts = typeof en;
