import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';

// A KYC PDF drawn by pdf.js onto canvases (decision 0115): the file is fetched as bytes with the staff cookie
// and never runs as a document, so its answer can keep `CSP: sandbox` (Chromium's own viewer refuses a sandboxed
// PDF) and a PDF's scripts, forms and links do nothing. The worker is a same-origin asset ('self' in the CSP).
GlobalWorkerOptions.workerSrc = workerUrl;

/** More pages than this are not drawn here: the link opens the file itself. */
const MAX_PAGES = 20;
const WIDTH_PX = 720;

export default function PdfPages({ url, title, onError }: { url: string; title: string; onError: () => void }) {
  const holder = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState<{ drawn: number; total: number } | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    let pdf: PDFDocumentProxy | null = null;
    (async () => {
      const response = await fetch(url, { credentials: 'same-origin', signal: abort.signal });
      if (!response.ok) throw new Error(`file answered ${response.status}`);
      const data = new Uint8Array(await response.arrayBuffer());
      // No scripting, no fonts fetched from elsewhere: the document is only drawn.
      pdf = await getDocument({ data, isEvalSupported: false, enableXfa: false }).promise;
      const total = pdf.numPages;
      const canvases: HTMLCanvasElement[] = [];
      for (let n = 1; n <= Math.min(total, MAX_PAGES) && !abort.signal.aborted; n++) {
        const page = await pdf.getPage(n);
        const unit = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: (WIDTH_PX / unit.width) * (window.devicePixelRatio || 1) });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.className = 'viewer__page';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `${title}, page ${n} of ${total}`);
        await page.render({ canvas, viewport }).promise;
        canvases.push(canvas);
      }
      if (abort.signal.aborted) return;
      holder.current?.replaceChildren(...canvases);
      setPages({ drawn: canvases.length, total });
    })().catch((error: unknown) => {
      if (!abort.signal.aborted) {
        console.warn('PDF not drawn', error);
        onError();
      }
    });
    return () => {
      abort.abort();
      void pdf?.destroy();
    };
  }, [url, title, onError]);

  return (
    <div className="viewer__pdf" data-testid="pdf-pages" data-pages={pages?.drawn ?? 0} aria-busy={pages === null}>
      <div ref={holder} />
      {pages === null && <div className="skeleton viewer__page-skeleton" aria-hidden="true" />}
      {pages && pages.total > pages.drawn && (
        <p className="viewer__none">
          {pages.drawn} of {pages.total} pages shown: open the file for the rest.
        </p>
      )}
    </div>
  );
}
