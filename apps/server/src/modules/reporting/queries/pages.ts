/**
 * Keyset paging for the reports (decision 0121): each page is one indexed statement that starts after the
 * last row of the page before, so a CSV of any size is read a page at a time and never held whole, and no
 * statement or cursor stays open while the client reads slowly.
 */
export async function* keysetPages<R>(
  page: (after: R | null, limit: number) => Promise<R[]>,
  pageSize: number,
): AsyncGenerator<R[]> {
  let after: R | null = null;
  for (;;) {
    const rows = await page(after, pageSize);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1] ?? null;
  }
}

/** Every page of `pages` in one array (the JSON answer, whose rows are few: days, games, campaigns). */
export async function collect<R>(pages: AsyncIterable<R[]>): Promise<R[]> {
  const all: R[] = [];
  for await (const rows of pages) all.push(...rows);
  return all;
}

/** A numeric or bigint sum as PostgreSQL answers it (text), as a bigint; null and '' are 0. */
export const bigintOf = (value: string | number | bigint | null | undefined): bigint => {
  if (value === null || value === undefined || value === '') return 0n;
  if (typeof value === 'bigint') return value;
  return BigInt(String(value).split('.')[0] ?? '0');
};

/** JSON pages hold every row at once; CSV pages stay small. */
export const JSON_PAGE = 5000;
export const CSV_PAGE = 1000;
