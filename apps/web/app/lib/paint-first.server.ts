/**
 * Paint first (issue 30, decision 0131): the page's scripts start loading after the browser has painted the
 * server's HTML, not alongside its stylesheets.
 *
 * React Router's `<Scripts>` sends a `<link rel="modulepreload">` for every chunk of the route (React hoists them
 * to the head, ahead of the stylesheets) and one inline `<script type="module" async>` whose static imports load
 * and run the app. On a fast link or a warm cache every chunk is in before the stylesheets, and the first frame
 * waits behind them; on a slow one 140 kB of scripts share the line with the 10 kB the first paint needs.
 *
 * This rewrites the streamed HTML, byte for byte otherwise: the preload links leave the head, and the module
 * script's text becomes a small boot that, once a frame is painted (or at once in a hidden tab, which paints
 * nothing), adds the same module script, importing the same chunks. The script element keeps its attributes, so
 * hydration sees what it renders. Anything it does not recognise passes through unchanged.
 */

const PRELOAD = Buffer.from('<link rel="modulepreload" href="');
/** The end of the opening tag React Router gives its route-modules script. */
const MODULE_OPEN = Buffer.from(' type="module" async="">');
const SCRIPT_CLOSE = Buffer.from('</script>');
/** Bytes held back at a chunk's end while they could still be the start of a marker. */
const HOLD = Math.max(PRELOAD.length, MODULE_OPEN.length) - 1;
/** A preload link is a few hundred bytes; a longer "tag" is not one of React's, so it goes out as it came. */
const MAX_TAG = 2048;
/** The route-modules script is its imports and the route manifest: tens of kB at most. */
const MAX_SCRIPT = 512 * 1024;

/**
 * The boot that replaces the route-modules script's text. It runs as that script (an inline async module) and
 * reads the page's nonce from its scripts as the client's render does (`nonceOfPage`). Once the first frame is
 * painted (rAF then a task, or the browser's paint entry, whichever comes first), or when the tab is or goes
 * hidden (no frame comes), it appends the original script with each preloaded chunk as a static import in front:
 * the browser fetches them all at once, as it did the preload links, without a link element (and its fetch,
 * style invalidation and DOM insertion) per chunk on the main thread.
 */
export function paintFirstBoot(preloads: string[], moduleText: string): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  const imports = preloads.map((href) => `import ${JSON.stringify(href)};`).join('');
  return (
    `const t=${json(imports + moduleText)};` +
    'let gone=false;const go=()=>{if(gone)return;gone=true;const s=document.createElement("script");s.type="module";' +
    's.nonce=document.querySelector("script[nonce]")?.nonce??"";s.textContent=t;document.body.append(s)};' +
    // A tab hidden before its first frame gets none until shown: it loads then, as a background tab does.
    'document.addEventListener("visibilitychange",()=>document.visibilityState==="hidden"&&go());' +
    // The browser's own record of the first paint too, which a page whose timers are faked (a test's clock)
    // still gets; whichever comes first.
    'try{new PerformanceObserver(go).observe({type:"paint",buffered:true})}catch{}' +
    'document.visibilityState==="hidden"?go():requestAnimationFrame(()=>setTimeout(go,0));'
  );
}

/** A streaming rewriter: `push` each chunk of the page, then `end`; each returns the bytes to send. */
export function paintFirstRewriter() {
  const preloads: string[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let done = false;
  /** The route-modules script's opening tag has gone out and its text is held in `pending`. */
  let inScript = false;

  function push(chunk: Uint8Array): Uint8Array[] {
    if (done) return [chunk];
    const out: Uint8Array[] = [];
    let buf = pending.length
      ? Buffer.concat([pending, chunk])
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    pending = Buffer.alloc(0);
    for (;;) {
      const link = buf.indexOf(PRELOAD);
      const script = buf.indexOf(MODULE_OPEN);
      if (link !== -1 && (script === -1 || link < script)) {
        const close = buf.indexOf(62 /* > */, link + PRELOAD.length);
        if (close === -1 && buf.length - link < MAX_TAG) {
          out.push(buf.subarray(0, link));
          pending = Buffer.from(buf.subarray(link));
          return out;
        }
        const hrefEnd = buf.indexOf(34 /* " */, link + PRELOAD.length);
        if (close === -1 || hrefEnd === -1 || hrefEnd > close) {
          // Not a tag of React's: send it and look after it.
          out.push(buf.subarray(0, link + PRELOAD.length));
          buf = buf.subarray(link + PRELOAD.length);
          continue;
        }
        preloads.push(buf.toString('utf8', link + PRELOAD.length, hrefEnd));
        out.push(buf.subarray(0, link));
        buf = buf.subarray(close + 1);
        continue;
      }
      if (script !== -1) {
        const bodyStart = script + MODULE_OPEN.length;
        const end = buf.indexOf(SCRIPT_CLOSE, bodyStart);
        if (end === -1 && buf.length - bodyStart < MAX_SCRIPT) {
          out.push(buf.subarray(0, bodyStart));
          pending = Buffer.from(buf.subarray(bodyStart));
          inScript = true;
          return out;
        }
        if (end === -1) return giveUp(out, buf);
        const boot = paintFirstBoot(preloads, buf.toString('utf8', bodyStart, end));
        out.push(buf.subarray(0, bodyStart), Buffer.from(boot), buf.subarray(end));
        done = true;
        return out;
      }
      const keep = Math.min(HOLD, buf.length);
      out.push(buf.subarray(0, buf.length - keep));
      pending = Buffer.from(buf.subarray(buf.length - keep));
      return out;
    }
  }

  /** Resumes inside the route-modules script, whose opening tag has gone out already. */
  function pushInScript(chunk: Uint8Array): Uint8Array[] {
    const buf = Buffer.concat([pending, chunk]);
    const end = buf.indexOf(SCRIPT_CLOSE);
    if (end === -1) {
      if (buf.length >= MAX_SCRIPT) return giveUp([], buf);
      pending = buf;
      return [];
    }
    pending = Buffer.alloc(0);
    done = true;
    inScript = false;
    return [Buffer.from(paintFirstBoot(preloads, buf.toString('utf8', 0, end))), buf.subarray(end)];
  }

  /**
   * Something unexpected: the script's text goes out as it came. The preload links already dropped only
   * cost a fetch waterfall (the static imports still load every chunk), so the page works as before.
   */
  function giveUp(out: Uint8Array[], rest: Buffer): Uint8Array[] {
    done = true;
    inScript = false;
    pending = Buffer.alloc(0);
    out.push(rest);
    return out;
  }

  return {
    push: (chunk: Uint8Array) => (inScript ? pushInScript(chunk) : push(chunk)),
    end(): Uint8Array[] {
      const rest = pending;
      pending = Buffer.alloc(0);
      done = true;
      return rest.length ? [rest] : [];
    },
  };
}
