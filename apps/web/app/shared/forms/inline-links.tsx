import type { ReactNode } from 'react';
import { LocalLink } from '../i18n/link.tsx';

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Renders `[text](/path)` links inside a content string (field labels such as agreements). */
export function InlineLinks({ text }: { text: string }) {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label, to] = match;
    const at = match.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    out.push(
      to?.startsWith('/') ? (
        <LocalLink key={at} to={to} target="_blank">
          {label}
        </LocalLink>
      ) : (
        <a key={at} href={to} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      ),
    );
    last = at + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return <>{out}</>;
}
