/**
 * Browser actions the UI triggers, behind an object so tests can spy on them
 * (jsdom's window.location methods cannot be replaced).
 */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  /** Leaves the app for another site (a sign-in provider's consent page). */
  assign(url: string): void {
    window.location.assign(url);
  },
  async copyText(text: string): Promise<void> {
    await navigator.clipboard.writeText(text);
  },
};
