// The landing feature's texts, in the public remote's namespace. tr.ts has exactly these keys.
export const en = {
  hero: {
    eyebrow: 'Inventory tracking for growing businesses',
    title: 'Know where every item is, right now.',
    subtitle:
      'Stockwise tracks each unit from reception to sale — serials, locations, statuses and warranties — so your team sells what is really on the shelf and your reports write themselves.',
    primary: 'Get Started for Free',
    secondary: 'See how it works',
    note: 'Free plan, no card needed. Upgrade when you grow.',
    previewTitle: 'Stock by location',
    previewUpdated: 'Example',
    previewRows: ['Main warehouse', 'Downtown store', 'Service desk'],
    previewStatus: ['In stock', 'In process', 'Sold today'],
  },
  benefits: {
    title: 'Everything your stock team needs',
    subtitle: 'One workspace for receiving, selling, moving and reporting — for every role in the company.',
    items: [
      {
        title: 'Real-time Tracking',
        body: 'Every reception, sale and move is recorded the moment it happens, so every screen shows the stock as it is.',
      },
      {
        title: 'Report Automation',
        body: 'Item lists, inventory levels and warranty reports are always up to date and ready to export.',
      },
      {
        title: 'Full Integrations',
        body: 'A documented API, card payments and cloud storage for item images connect Stockwise to the tools you use.',
      },
      {
        title: 'Advanced Analytics',
        body: 'See stock by location and status, sales over time and expiring warranties at a glance.',
      },
    ],
  },
  features: {
    title: 'Built for the way inventory really moves',
    subtitle: 'From the warehouse floor to the owner’s dashboard.',
    items: [
      {
        title: 'Real Time Data Analytics',
        body: 'Dashboards and reports read the same item history your team writes, second by second. Owners see stock per location, items in process and sales trends without waiting for an export.',
      },
      {
        title: 'Secure & Safe',
        body: 'Each company’s data is isolated from every other company’s, down to the database. Passwords are stored with modern hashing, and each role only sees the menus it needs.',
      },
      {
        title: 'Multiple Platform',
        body: 'Stockwise runs in any modern browser on desktops, tablets and phones, so the counter, the warehouse and the office all use the same system.',
      },
    ],
  },
  about: {
    title: 'About Stockwise',
    body: 'Stockwise is a multi-tenant inventory platform for businesses that track items one by one: electronics resellers, repair shops, rental fleets and stores with serialised goods. Each company gets its own workspace, roles for every job and a full history of every unit.',
    stats: [
      { value: '6', label: 'built-in roles' },
      { value: '100%', label: 'tenant data isolation' },
      { value: '30-day', label: 'money-back guarantee' },
    ],
  },
  cta: {
    title: 'Start tracking your inventory today',
    body: 'Create your company in a minute, invite your team and receive your first items.',
    primary: 'Get Started for Free',
    secondary: 'View pricing',
  },
};
export type LandingTexts = typeof en;
