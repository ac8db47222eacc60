export const en = {
  security: {
    subtitle: 'How your team signs in: two-step verification and your company’s own single sign-on.',
    mfa: {
      title: 'Two-step verification',
      require: 'Require two-step verification for Owners and Admins',
      explain:
        'When this is on, every Owner and Admin must enter a code from an authenticator app after their password. ' +
        'An Owner or Admin who has not set one up yet can only open Profile → Security after signing in, ' +
        'and must set up an authenticator app there before anything else opens. Other roles are not affected.',
      ownFirst: 'You need two-step verification on your own account before you can require it of others.',
      setUpOwn: 'Set up your own two-step verification',
      saved: 'Two-step verification is now required for Owners and Admins.',
      savedOff: 'Two-step verification is no longer required.',
      saveFailed: 'The setting could not be saved.',
    },
    sso: {
      title: 'Single sign-on',
      explain:
        'Your company’s own OpenID Connect provider (Microsoft Entra ID, Okta, Google Workspace…) for an email ' +
        'domain your users are on. Users with an address on that domain can then sign in through it.',
      ownerOnly: 'Only a Company Owner can add or change a provider: it signs in your company’s users, owners too.',
      add: 'Add provider',
      addTitle: 'Add single sign-on provider',
      domain: 'Email domain',
      domainHint: 'For example example.com: the part after @ in your users’ addresses.',
      domainRequired: 'Enter the email domain.',
      domainFormat: 'Enter a domain like example.com.',
      issuer: 'Issuer URL',
      issuerHint: 'The provider’s issuer (its discovery document is at /.well-known/openid-configuration).',
      issuerFormat: 'Enter the issuer’s full URL, like https://login.example.com.',
      clientId: 'Client ID',
      clientIdRequired: 'Enter the client ID.',
      clientSecret: 'Client secret',
      clientSecretHint: 'Optional. It is stored and never shown again.',
      secretKept: 'Client secret stored',
      noSecret: 'No client secret',
      redirectUri: 'Redirect URI to register at the provider: {{uri}}',
      standIn: 'Development sign-in — not a real provider',
      standInHint: 'The embedded sign-in provider of this development server, not a real one.',
      useStandIn: 'Fill in the development sign-in',
      emptyTitle: 'No single sign-on provider yet',
      emptyBody: 'Your users sign in with their password (or Google) until you add one.',
      list: 'Single sign-on providers',
      tooLong: 'Use at most {{max}} characters.',
      saved: 'Single sign-on provider added.',
      deleted: 'Single sign-on provider removed.',
      deleteBody: 'Users on this domain sign in with their password or Google again.',
      remove: 'Remove {{domain}}',
      edit: 'Edit {{domain}}',
      editTitle: 'Edit single sign-on provider',
      domainFixed: 'The domain stays: for another domain, add another provider.',
      clientSecretKeep: 'Leave it blank to keep the stored secret.',
      removeSecret: 'Remove the stored client secret',
      changed: 'Single sign-on provider saved.',
    },
  },
};
export type SecurityTexts = typeof en;
