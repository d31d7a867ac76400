// Runtime configuration of the Lobby web app, read at start-up. Edit it in dist/ after a build to
// point the app at another gateway, e.g. { apiBaseUrl: 'https://gateway.example.com/api' }. A browser
// with the app installed starts from its last copy and fetches the file beside it: it runs an edit
// from its second start after the edit.
window.__LOBBY_CONFIG__ = window.__LOBBY_CONFIG__ || { apiBaseUrl: '/api' };
