// What other features use of quests; they import it from here only (issue 15: one-way imports).
export { QuestsEntry } from './quests-entry.tsx';
export { QuestsListener } from './quests-listener.tsx';
