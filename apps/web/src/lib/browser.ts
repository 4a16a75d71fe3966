/**
 * Browser actions the UI triggers, behind an object so tests can spy on them
 * (jsdom's window.location methods cannot be replaced).
 */
export const browser = {
  reload(): void {
    window.location.reload();
  },
};
