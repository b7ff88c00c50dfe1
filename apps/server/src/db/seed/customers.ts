import { hashPassword } from '../../lib/passwords.js';
import type { Db } from '../client.js';
import { users } from '../schema/index.js';
import type { Random } from './random.js';

const NAMES: [string, string][] = [
  ['Olivia', 'Martinez'],
  ['Noah', 'Johnson'],
  ['Sophia', 'Brown'],
  ['James', 'Garcia'],
  ['Isabella', 'Miller'],
  ['Benjamin', 'Davis'],
  ['Mia', 'Rodriguez'],
  ['Lucas', 'Anderson'],
  ['Charlotte', 'Taylor'],
  ['Henry', 'Thomas'],
  ['Amelia', 'Moore'],
  ['Alexander', 'Jackson'],
  ['Harper', 'White'],
  ['Daniel', 'Harris'],
  ['Evelyn', 'Clark'],
  ['Matthew', 'Lewis'],
  ['Abigail', 'Robinson'],
  ['Samuel', 'Walker'],
  ['Emily', 'Young'],
  ['David', 'King'],
  ['Ella', 'Wright'],
  ['Joseph', 'Scott'],
  ['Grace', 'Nguyen'],
  ['Carter', 'Hill'],
  ['Chloe', 'Patel'],
  ['Owen', 'Kim'],
];

/** 26 demo customers with realistic names and phones, registered over the last 120 days (one deactivated). */
export async function seedDemoCustomers(db: Db, random: Random, now: Date): Promise<void> {
  const passwordHash = await hashPassword('Customer123!');
  await db
    .insert(users)
    .values(
      NAMES.map(([firstName, lastName], index) => {
        const createdAt = new Date(now.getTime() - random.int(2, 120) * 86_400_000 - random.int(0, 86_399) * 1000);
        return {
          email: `${`${firstName}.${lastName}`.toLowerCase()}@example.com`,
          passwordHash,
          firstName,
          lastName,
          phone: `555${String(random.int(1_000_000, 9_999_999))}`,
          role: 'customer' as const,
          isActive: index !== NAMES.length - 1,
          emailVerified: random.next() < 0.85,
          lastLogin: random.next() < 0.7 ? new Date(now.getTime() - random.int(0, 20) * 86_400_000) : null,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    // Someone who registered before the demo data loaded keeps their account.
    .onConflictDoNothing();
}
