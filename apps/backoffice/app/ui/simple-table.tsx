import type { ReactNode } from 'react';

/** A small read-only table (the 360's sections): a caption, headers and rows, nothing to page. */
export function SimpleTable({
  caption,
  headers,
  rows,
  empty,
}: {
  caption: string;
  headers: string[];
  rows: { key: string; cells: ReactNode[] }[];
  empty: string;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll container must take focus (WCAG 2.1.1)
    <section className="table-wrap" aria-label={caption} tabIndex={0}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={headers.length} className="table-message">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
