import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

const USER_KINDS = ['staff', 'student', 'parent'] as const;
export type UserKind = (typeof USER_KINDS)[number];

/** Staff, students and parents who can sign in. A deactivated user cannot sign in and loses tokens. */
export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    surname: text().notNull(),
    name: text().notNull(),
    patronymic: text(),
    login: text().notNull(),
    email: text(),
    phone: text(),
    passwordHash: text().notNull(),
    /**
     * Who the account belongs to, fixed when it is created: staff (/api/users), a student or a parent
     * (the student card). Staff routes see only `staff`; no route moves an account between kinds.
     */
    kind: text({ enum: USER_KINDS }).notNull().default('staff'),
    active: boolean().notNull().default(true),
    /**
     * The password was set by someone else (a one-time password: new account, approval, reset): every
     * route but /auth/me, /auth/password and /auth/logout answers 403 until the user sets their own.
     */
    passwordChangeRequired: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Sign-in is case-insensitive, so uniqueness is too: `Ivanov` and `ivanov` cannot both exist.
    uniqueIndex('users_login_lower_uq').on(sql`lower(${t.login})`),
    // (organization, id): a school's users in id order, e.g. the registry's first director per school.
    index('users_organization_id_id_idx').on(t.organizationId, t.id),
    index('users_organization_kind_idx').on(t.organizationId, t.kind),
    index('users_surname_idx').on(t.surname),
  ],
);

/** System roles have organization_id null; an organization may add its own roles. */
export const roles = pgTable(
  'roles',
  {
    id: serial().primaryKey(),
    organizationId: integer().references(() => organizations.id),
    code: text(),
    name: text().notNull(),
  },
  (t) => [index('roles_organization_id_idx').on(t.organizationId), uniqueIndex('roles_code_uq').on(t.code)],
);

export const permissions = pgTable('permissions', {
  key: text().primaryKey(),
  description: text().notNull(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionKey: text()
      .notNull()
      .references(() => permissions.key, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionKey] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.roleId] }),
    index('user_roles_organization_id_idx').on(t.organizationId),
    index('user_roles_role_id_idx').on(t.roleId),
  ],
);

/** Opaque bearer tokens: only the sha256 of the token is stored. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_uq').on(t.tokenHash),
    index('api_tokens_user_id_idx').on(t.userId),
    index('api_tokens_organization_id_idx').on(t.organizationId),
  ],
);
