// What other parts of the web app use of live chat; they import it from here only.
export { LiveChat } from './live-chat.tsx';
