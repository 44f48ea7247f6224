// What the routes' loaders use of games on the server; they import it from here only (decision 0100). A face
// of its own: React Router refuses a `.server` module in the client's graph, so index.ts cannot re-export it.
export { loadCollections, loadLobby, loadProviders, visitorCountry } from './lobby.server.ts';
