// The layout feature's texts, in the public remote's namespace. tr.ts has exactly these keys.
export const en = {
  nav: {
    home: 'Home',
    about: 'About',
    features: 'Features',
    docs: 'Docs',
    contact: 'Contact',
    signIn: 'Sign In',
    getStarted: 'Get Started for Free',
    openMenu: 'Open the menu',
    closeMenu: 'Close the menu',
    primary: 'Primary',
    skip: 'Skip to content',
  },
  footer: {
    // The landing page's four benefit tiles, as footer links (this feature loads without the landing page).
    tracking: 'Real-time Tracking',
    automation: 'Report Automation',
    integrations: 'Full Integrations',
    analytics: 'Advanced Analytics',
    tagline: 'Simplifying Inventory Management',
    features: 'Features',
    company: 'Company',
    getStarted: 'Get Started',
    aboutUs: 'About Us',
    contact: 'Contact',
    support: 'Support',
    privacy: 'Privacy Policy',
    signIn: 'Sign In',
    getStartedFree: 'Get Started for Free',
    pricing: 'Pricing',
    documentation: 'Documentation',
    social: 'Follow Stockwise',
    rights: '© {{year}} Stockwise. All rights reserved.',
  },
};
export type LayoutTexts = typeof en;
