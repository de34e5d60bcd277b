import type { Database } from '#server/db/client';
import {
  CARD_COLUMNS,
  cursorAfter,
  segmentQuery,
  type Cursor,
  type DirectoryRow,
  type SearchPlan,
  type SqlQuery,
  withBusy,
} from './discovery.query';

/**
 * Reads of the coach_directory read model (written only by the database triggers of migration
 * 0004). The hot query goes straight to the pg pool with the text from discovery.query.ts: the same
 * text the benchmark runs through the raw driver.
 */
export function createDiscoveryRepository(db: Database) {
  const pool = db.$client;
  const run = async <Row>(query: SqlQuery) => (await pool.query<Row & Record<string, unknown>>(query)).rows;

  return {
    /** One page (pageSize rows) and the cursor after it, walking the plan's segments from the cursor on. */
    async searchPage(plan: SearchPlan, cursor: Cursor | null) {
      const rows: DirectoryRow[] = [];
      const segmentOf: number[] = [];
      const wanted = plan.pageSize + 1;
      for (let segment = cursor?.segment ?? 0; segment < plan.segments.length; segment += 1) {
        const found = await run<DirectoryRow>(segmentQuery(plan, segment, cursor, wanted - rows.length));
        for (const row of found) {
          rows.push(row);
          segmentOf.push(segment);
        }
        if (rows.length >= wanted) break;
      }
      const hasMore = rows.length > plan.pageSize;
      const page = rows.slice(0, plan.pageSize);
      const last = page.length - 1;
      return {
        rows: page,
        nextCursor: hasMore && last >= 0 ? cursorAfter(plan, segmentOf[last]!, page[last]!) : null,
      };
    },

    /** How many listed coaches chose each category. */
    async categoryCounts() {
      return run<{ slug: string; coaches: number }>({
        text: `SELECT category AS slug, count(*)::int AS coaches
               FROM coach_directory, unnest(categories) AS category GROUP BY category`,
        values: [],
      });
    },

    /** Top-rated listed coaches, in any of `categories` when given. */
    async topRated(categories: readonly string[], limit: number) {
      const inCategories = categories.length > 0;
      return run<DirectoryRow>({
        text: withBusy(`SELECT ${CARD_COLUMNS}
               FROM coach_directory d
               ${inCategories ? 'WHERE d.categories && $2::text[]' : ''}
               ORDER BY d.rating_average DESC NULLS LAST, d.total_reviews DESC, d.coach_id
               LIMIT $1::int`),
        values: inCategories ? [limit, categories] : [limit],
      });
    },

    async clientInterests(userId: string) {
      const [row] = await run<{ interests: string[] | null }>({
        text: 'SELECT interests FROM client_profiles WHERE user_id = $1',
        values: [userId],
      });
      return row?.interests ?? [];
    },
  };
}

export type DiscoveryRepository = ReturnType<typeof createDiscoveryRepository>;
