import { type CsvQuery, type CsvReport, csvFileName, csvHref } from './csv.ts';

/**
 * The report's rows as a CSV file: a same-origin link the browser downloads with the staff cookie, streamed by
 * the server (csv.ts). The screen shows it only for a range the API takes (a refusal would be the file).
 */
export function CsvLink({ report, name, query }: { report: CsvReport; name: string; query: CsvQuery }) {
  return (
    <a className="button button--small" href={csvHref(report, query)} download={csvFileName(name, query)}>
      Download CSV
    </a>
  );
}
