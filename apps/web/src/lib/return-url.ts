/** Where to send a logged-out user: /login?returnUrl=<where they were>. */
export function loginPath(returnUrl: string): string {
  return `/login?${new URLSearchParams({ returnUrl }).toString()}`;
}

/** Only same-site paths are honoured, so a crafted link cannot bounce a fresh login to another site. */
export function safeReturnUrl(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  return raw;
}
