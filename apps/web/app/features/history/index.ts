// What routes and other features use of history; they import it from here only (issue 15, decision 0100).
export { HistoryPage } from './history-page.tsx';
export { Pagination } from './pagination.tsx';
