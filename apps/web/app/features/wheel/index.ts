// What other features use of the wheel; they import it from here only (issue 15: one-way imports).
export { WheelListener } from './wheel-listener.tsx';
export { WheelPanel } from './wheel-panel.tsx';
