import { data } from 'react-router';

/** The spec's 404 (§2): status 404 and the message 'Page Not Found: {path}'. */
export const notFound = (path: string) =>
  data({ message: `Page Not Found: ${path}`, path }, { status: 404, statusText: 'Not Found' });
