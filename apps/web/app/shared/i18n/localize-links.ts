/**
 * Content Markdown links to site paths without a locale (`/static/terms-and-conditions`); inside a
 * German page they must stay German. Rewrites every root-relative href through the locale's `href`.
 */
export function localizeLinks(html: string, href: (path: string) => string): string {
  return html.replace(/href="(\/(?!\/)[^"]*)"/g, (_, path: string) => `href="${href(path)}"`);
}
