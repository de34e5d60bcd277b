import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/** Facts about this installation, such as when the demo data was seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
