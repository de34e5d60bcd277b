import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * People and what they may be. The accounts capability (sign-in, tokens, factors) builds on these;
 * the foundation creates them so the demo seed has real accounts to print.
 */
export const roleEnum = pgEnum('role', ['client', 'coach']);
export const adminRoleEnum = pgEnum('admin_role', [
  'super_admin',
  'coach_manager',
  'financial_admin',
  'community_moderator',
]);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email'),
    phone: text('phone'),
    encryptedPassword: text('encrypted_password'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    phoneConfirmedAt: timestamp('phone_confirmed_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Set by an administrator: no sign-in and no refresh until then. */
    bannedUntil: timestamp('banned_until', { withTimezone: true }),
    userMetadata: jsonb('user_metadata').$type<Record<string, unknown>>().notNull().default({}),
    appMetadata: jsonb('app_metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_uq').on(sql`lower(${table.email})`),
    uniqueIndex('users_phone_uq').on(table.phone),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    isLastActive: boolean('is_last_active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.role] })],
);

export const adminUsers = pgTable('admin_users', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  isActive: boolean('is_active').notNull().default(true),
  adminRole: adminRoleEnum('admin_role').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name'),
    username: text('username'),
    email: text('email'),
    avatarUrl: text('avatar_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('profiles_user_id_uq').on(table.userId),
    uniqueIndex('profiles_username_uq').on(table.username),
    index('profiles_created_at_idx').on(table.createdAt),
  ],
);
