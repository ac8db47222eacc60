import type { Database } from './db/database.js';
import { inTenant } from './db/tenant.js';
import { hashPassword } from './lib/passwords.js';
import { createCompanyWithOwner, insertUser } from './modules/auth/accounts.js';
import { seedDemoInventory } from './seed-inventory.js';

export interface DemoUser {
  userName: string;
  password: string;
  roles: string[];
}

const DEMO_USERS: Array<{ userName: string; firstName: string; lastName: string; role: string }> = [
  { userName: 'owner', firstName: 'Olivia', lastName: 'Owner', role: 'Company Owner' },
  { userName: 'admin', firstName: 'Adam', lastName: 'Admin', role: 'Admin' },
  { userName: 'storekeeper', firstName: 'Stella', lastName: 'Storekeeper', role: 'Storekeeper' },
  { userName: 'newitem', firstName: 'Nico', lastName: 'Newitem', role: 'New Item Operator' },
  { userName: 'rapidseller', firstName: 'Rafa', lastName: 'Seller', role: 'Rapid Seller' },
  { userName: 'accountmanager', firstName: 'Alma', lastName: 'Manager', role: 'Account Manager' },
];

/**
 * On an empty database: a demo company with one user per built-in role. Null when not empty.
 * Development only: the passwords are printed and published (config.seedDemo is false in production).
 */
export async function seedDemoIfEmpty(
  db: Database,
  password = process.env.DEMO_PASSWORD || 'Demo1234!',
): Promise<DemoUser[] | null> {
  // user_directory is not tenant-filtered, so this count is right whatever the connecting role.
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_directory');
  if ((row?.n ?? 0) > 0) return null;
  const hash = await hashPassword(password);
  const [owner, ...others] = DEMO_USERS;
  const { companyId, userId: ownerId } = await createCompanyWithOwner(
    db,
    { companyName: 'Demo Company', industry: 'Electronics retail', phone: '+1 555 0100' },
    {
      userName: owner!.userName,
      email: `${owner!.userName}@demo.stockwise.local`,
      firstName: owner!.firstName,
      lastName: owner!.lastName,
      passwordHash: hash,
      // demo.stockwise.local receives no mail: the demo accounts are verified from the start.
      emailVerified: true,
    },
  );
  const ids = new Map<string, string>();
  await inTenant(db, companyId, async (q) => {
    for (const u of others) {
      const id = await insertUser(
        q,
        companyId,
        {
          userName: u.userName,
          email: `${u.userName}@demo.stockwise.local`,
          firstName: u.firstName,
          lastName: u.lastName,
          passwordHash: hash,
          emailVerified: true,
        },
        [u.role],
      );
      ids.set(u.role, id);
    }
    // The demo company is Premium so every screen (and its limits) can be tried.
    await q.query(`UPDATE subscriptions SET plan_id = '00000000-0000-4000-8000-000000000002', billing_interval = 'month',
      current_period_end = now() + interval '30 days'`);
  });
  // A real catalogue and a few hundred items with history, so every screen has data on first run.
  await seedDemoInventory(db, companyId, {
    owner: ownerId,
    storekeeper: ids.get('Storekeeper')!,
    seller: ids.get('Rapid Seller')!,
  });
  return DEMO_USERS.map((u) => ({ userName: u.userName, password, roles: [u.role] }));
}
