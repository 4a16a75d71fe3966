export { sessionKeys } from './keys';
export { sessionQueryOptions, useSession, useIsLoggedIn } from './get-session';
export { adminStatusQueryOptions } from './get-admin-status';
export { profileStatsQueryOptions, useProfileStats } from './get-profile-stats';
export { notificationCountsQueryOptions, useNotificationCounts, NO_NOTIFICATIONS } from './get-notification-counts';
export { useLogout, clearSession } from './logout';
export { emailStatusQueryOptions, useEmailStatus, resendConfirmation, type EmailStatus } from './get-email-status';
export { viewerRegionQueryOptions, useViewerRegion, type ViewerRegion } from './get-region';
export { savedAddressKey, savedAddressQueryOptions, useSavedAddress } from './get-mailing-address';
