import { lazy, Suspense, useCallback, useState } from 'react';

// pdf.js is large: it loads only when a PDF is opened.
const PdfPages = lazy(() => import('./pdf-pages.tsx'));

export type DocumentKind = 'image' | 'pdf' | 'other';

/** What the viewer draws, from the file's type (or its name when the type is missing). */
export function documentKind(mimeType: string | null | undefined, fileName = ''): DocumentKind {
  const type = (mimeType ?? '').toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/pdf') return 'pdf';
  if (!type) {
    if (/\.(jpe?g|png|gif|webp)$/i.test(fileName)) return 'image';
    if (/\.pdf$/i.test(fileName)) return 'pdf';
  }
  return 'other';
}

/**
 * A KYC file from its authenticated URL (same origin: the browser sends the staff cookie; never a public link,
 * decision 0115): an image inline, a PDF drawn page by page by pdf.js (the file's answer is sandboxed, which the
 * browser's own PDF viewer refuses), anything else as a link. Each way also offers the file in a new tab. The
 * file is fetched only while the viewer is shown.
 */
export function DocumentViewer({
  url,
  mimeType,
  fileName,
  title,
}: {
  url: string;
  mimeType?: string | null;
  fileName: string;
  title: string;
}) {
  const kind = documentKind(mimeType, fileName);
  const [failed, setFailed] = useState(false);
  const fail = useCallback(() => setFailed(true), []);
  return (
    <figure className="viewer" data-testid="document-viewer" data-kind={kind}>
      {kind === 'image' && !failed && <img className="viewer__image" src={url} alt={title} onError={fail} />}
      {kind === 'pdf' && !failed && (
        <Suspense fallback={<div className="skeleton viewer__page-skeleton" aria-hidden="true" />}>
          <PdfPages url={url} title={title} onError={fail} />
        </Suspense>
      )}
      {(kind === 'other' || failed) && (
        <p className="viewer__none">
          {failed ? 'The file could not be shown here.' : 'This kind of file is not shown here.'}
        </p>
      )}
      <figcaption className="viewer__caption">
        <span className="truncate" title={fileName}>
          {fileName}
        </span>{' '}
        <a href={url} target="_blank" rel="noopener noreferrer">
          Open in a new tab
        </a>
      </figcaption>
    </figure>
  );
}
