/**
 * How a browser tab proves its login to browser mode without an ambient credential. Cookies are
 * not port-scoped: a cookie of 127.0.0.1:41234 is sent to every port of 127.0.0.1, so another
 * local user's page on another port received the board's token cookie from an `<img>` and
 * opened /ws with it (issue 24.5). So the WebSocket is authorized only by a session the page
 * presents in its first message, kept in the origin's localStorage (origins are port-scoped);
 * the cookie left only unlocks the static page, which holds no secret.
 */

/** The login redirect hands the session to the page in the URL fragment (never sent to a server). */
export const SESSION_HASH_KEY = 'sb-session'
/** Where the page keeps it: this origin's localStorage, so new tabs and reloads find it. */
export const SESSION_STORAGE_KEY = 'switchboard.session'
/** The WebSocket's first message. */
export interface AuthHello {
  readonly t: 'auth'
  readonly session: string
}
/** The close code of a WebSocket whose first message was not a session the board knows. */
export const AUTH_REFUSED_CLOSE = 4401
