// What other features use of history; they import it from here only (issue 15: one-way imports).
export { Pagination } from './pagination.tsx';
