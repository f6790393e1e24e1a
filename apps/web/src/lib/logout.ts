/**
 * Logs out as the spec describes: forget everything kept in this browser (cart, cached search
 * key), then let the server end the session; GET /logout clears the cookie and redirects to /.
 * A full page load also drops every cached GraphQL answer about the user.
 */
export function logOut(): void {
  try {
    localStorage.clear();
  } catch {
    // Storage unavailable: there is nothing stored to clear.
  }
  window.location.assign('/logout');
}
