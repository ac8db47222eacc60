// The docs feature's texts, in the public remote's namespace. tr.ts has exactly these keys.
export const en = {
  docs: {
    title: 'Documentation',
    subtitle: 'How to set up Stockwise and use it every day.',
    contents: 'On this page',
    sections: [
      {
        id: 'getting-started',
        title: 'Getting started',
        paragraphs: [
          'Register your company from the Get Started page: enter the company name, industry and phone, and your own account details. We email you a link to confirm your address; open it, then sign in as the company’s Company Owner. You can also register with your Google account, which needs no link.',
          'Your company starts on the Free plan. The owner can upgrade to Premium at any time from the Go Premium button in the top bar; monthly and yearly billing are available, with a 30-day money-back guarantee.',
          'Invite your team from Settings → User/Role Management → User Invitations. Each invitation names an email and one or more roles and is valid for 7 days. The person opens the link from the email, chooses a user name and password (or uses Google) and joins your company.',
          'Forgot a password? Use “Forgot password?” on the sign-in page. We email a link that is valid for one hour and can be used once.',
        ],
      },
      {
        id: 'roles',
        title: 'Roles and what each may do',
        paragraphs: [
          'A user can hold several roles; the menu shows the union of what those roles may use. Menu visibility only guides people to their work — the server checks every action on its own.',
        ],
        roles: [
          {
            name: 'Company Owner',
            body: 'Everything: the owner’s dashboard, all actions, reporting, customers and vendors, company settings, and the subscription (Go Premium).',
          },
          {
            name: 'Admin',
            body: 'All actions, reporting, customers and vendors, and every setting — company, process configuration and users, roles and invitations. Admins do not see the owner’s dashboard.',
          },
          {
            name: 'Storekeeper',
            body: 'My Tasks and every report: item list, inventory, warranties, edit item and item history.',
          },
          { name: 'New Item Operator', body: 'My Tasks and Add Item, to receive new stock.' },
          { name: 'Rapid Seller', body: 'My Tasks, Rapid Sell and Multi-Sale, to sell at the counter.' },
          { name: 'Account Manager', body: 'My Tasks and Account Management: vendors, customers and their history.' },
        ],
      },
      {
        id: 'workspace',
        title: 'The workspace, area by area',
        areas: [
          {
            name: 'My View',
            body: 'The Dashboard (owners) shows stock by location and status, sales over time, items in process, expiring warranties and plan usage. My Tasks lists the work assigned to you and the queues your roles handle.',
          },
          {
            name: 'Actions',
            body: 'Add Item receives a batch of items with their serials, type, brand, vendor, location, cost and warranty. Search Item runs a process (test, repair, quality check) on scanned items. Rapid Sell sells one scanned item in seconds; Multi-Sale sells a cart of items to one customer on one receipt.',
          },
          {
            name: 'Item status',
            body: 'The Item Manager (top bar) is a filterable grid of every item with bulk actions. Item History shows one item’s whole timeline: who did what, when, from where to where.',
          },
          {
            name: 'Reporting',
            body: 'Item List, Item Inventory (stock levels by type, brand, model and location), Warranty List (warranties ending soon or ended) and Edit Item to correct an item’s details — each change is kept in its history.',
          },
          {
            name: 'Account Management',
            body: 'Vendors and customers in one list, and each customer’s purchases, returns and warranties.',
          },
          {
            name: 'Settings',
            body: 'Company info and logo, brands, label settings with a printable preview, locations; item types with custom fields and transaction types; users, roles, role access to transaction types, and invitations.',
          },
          { name: 'Support & Help', body: 'Send us a message from the menu at any time; we answer by email.' },
        ],
      },
      {
        id: 'account',
        title: 'Your account',
        paragraphs: [
          'Open the account menu (your picture in the top right) and choose Edit Profile to change your name, user name, email or profile picture. A new email takes effect when you open the link we send to it. There you can also connect your Google account, to sign in with Google from then on. Logout ends your session on this browser.',
          'The sun/moon button switches between light and dark mode; your choice is remembered on this device. The language button switches between English and Turkish.',
        ],
      },
    ],
  },
};
export type DocsTexts = typeof en;
