// What the routes use of tournaments (issue 15: one-way imports through a feature's index).
export { TOURNAMENTS_CONTENT } from './format.ts';
export { TournamentPage } from './tournament-page.tsx';
export { TournamentsPage } from './tournaments-page.tsx';
