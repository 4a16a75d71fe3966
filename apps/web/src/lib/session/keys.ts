/**
 * Everything that describes the signed-in user hangs under ['session'], so one invalidation
 * (tab visible again, login, logout) reloads all of it, and logging out forgets it.
 */
export const sessionKeys = {
  all: ['session'] as const,
  status: ['session', 'logged-in'] as const,
  admin: ['session', 'admin'] as const,
  profileStats: ['session', 'profile-stats'] as const,
  notificationCounts: ['session', 'notification-counts'] as const,
  settings: ['session', 'settings'] as const,
  emailStatus: ['session', 'verified'] as const,
  region: ['session', 'region'] as const,
};
