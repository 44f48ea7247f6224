// The activity boards of the home page (decision 0072); other code imports them from here only.
export { ActivityBoards } from './activity-boards.tsx';
