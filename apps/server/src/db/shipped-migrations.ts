/**
 * Every migration that has shipped, in order, with its journal time and the SHA-256 of its SQL.
 * Shops' databases have run these, so they never change: a schema change is a new migration
 * (`npm run db:generate -w @habi/server`), appended here. `migration-guard.test.ts` holds the
 * folder to this list.
 */
export const SHIPPED_MIGRATIONS = [
  {
    tag: '0000_init',
    when: 1795365169152,
    sha256: '1ba67e90bac886afd3cccf386a43cc4d078f109724c3a89ff3743cfc18e6b759',
  },
];
