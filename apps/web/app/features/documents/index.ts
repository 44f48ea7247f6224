// What the profile route uses of documents; it imports it from here only (decision 0100).
export { DocumentsPage } from './documents-page.tsx';
