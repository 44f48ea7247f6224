import { Marked, type Tokens } from 'marked';

// The one Markdown setup of the site (pages, questions' answers) and of the back office's preview, so staff see
// exactly what players will. The site puts the HTML into the page as is, and staff may write the Markdown: raw
// HTML is therefore shown as text, never passed through, and links and images keep only harmless addresses.
// Nothing of the shipped content uses raw HTML.

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Relative addresses, fragments, http(s), mailto and tel; never javascript:, data:, vbscript: and the like. */
export function isSafeUrl(href: string): boolean {
  // Browsers ignore tabs, newlines and leading control characters or spaces inside a scheme.
  const compact = [...href]
    .filter((c) => {
      const code = c.codePointAt(0)!;
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join('');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return true;
  return ['http', 'https', 'mailto', 'tel'].includes(scheme[1]!.toLowerCase());
}

const marked = new Marked({ gfm: true, breaks: false });
marked.use({
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    link(token: Tokens.Link) {
      // The text alone when the address is not safe; `false` hands the link to marked's own renderer.
      return isSafeUrl(token.href) ? false : this.parser.parseInline(token.tokens);
    },
    image(token: Tokens.Image) {
      return isSafeUrl(token.href) && !/^\s*(mailto|tel):/i.test(token.href) ? false : escapeHtml(token.text);
    },
  },
});

/** Markdown → the HTML the site shows. */
export const renderMarkdown = (markdown: string): string => marked.parse(markdown, { async: false }) as string;
