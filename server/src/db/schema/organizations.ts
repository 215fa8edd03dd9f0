import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Dictionaries of the organization registry (тип, организационно-правовая форма, вид). */
export const organizationTypes = pgTable('organization_types', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
});

export const organizationForms = pgTable('organization_forms', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  shortName: text(),
});

export const organizationKinds = pgTable('organization_kinds', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
});

/** Organizations form a tree through parent_id; the platform's own organization has is_platform. */
export const organizations = pgTable(
  'organizations',
  {
    id: serial().primaryKey(),
    parentId: integer().references((): AnyPgColumn => organizations.id),
    name: text().notNull(),
    shortName: text().notNull(),
    inn: text(),
    kpp: text(),
    ogrn: text(),
    region: text(),
    typeId: integer().references(() => organizationTypes.id),
    formId: integer().references(() => organizationForms.id),
    kindId: integer().references(() => organizationKinds.id),
    address: text(),
    status: text({ enum: ['active', 'blocked', 'archived'] })
      .notNull()
      .default('active'),
    isPlatform: boolean().notNull().default(false),
    balance: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    bonusBalance: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organizations_parent_id_idx').on(t.parentId), index('organizations_inn_idx').on(t.inn)],
);

/** Every change of balance / bonus balance, appended; the organization row holds the running total. */
export const balanceTransactions = pgTable(
  'balance_transactions',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    amount: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull(),
    kind: text({ enum: ['balance', 'bonus'] })
      .notNull()
      .default('balance'),
    comment: text().notNull().default(''),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('balance_transactions_organization_id_idx').on(t.organizationId)],
);

/** Key/value settings per organization; missing keys fall back to the defaults in the service. */
export const organizationSettings = pgTable(
  'organization_settings',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    key: text().notNull(),
    value: text().notNull(),
  },
  (t) => [
    uniqueIndex('organization_settings_org_key_uq').on(t.organizationId, t.key),
    index('organization_settings_organization_id_idx').on(t.organizationId),
  ],
);

/**
 * Заявки on joining the platform, sent from the public landing page; organization_id is set once
 * an application is approved (with the organization and its director's account, one transaction).
 */
export const applications = pgTable(
  'applications',
  {
    id: serial().primaryKey(),
    organizationId: integer().references(() => organizations.id),
    organizationName: text().notNull(),
    inn: text(),
    region: text(),
    contactName: text().notNull(),
    email: text(),
    phone: text(),
    comment: text(),
    status: text({ enum: ['new', 'in_progress', 'approved', 'rejected'] })
      .notNull()
      .default('new'),
    rejectReason: text(),
    /** When the sender ticked the consent to personal-data processing (the form refuses without it). */
    consentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp({ withTimezone: true }),
    processedBy: integer(),
  },
  (t) => [
    index('applications_organization_id_idx').on(t.organizationId),
    index('applications_status_idx').on(t.status),
    index('applications_inn_idx').on(t.inn),
  ],
);
