/** SPEC §4: after the coach goes offline from the presence check, the page reloads. */
export function reloadPage() {
  window.location.reload();
}
