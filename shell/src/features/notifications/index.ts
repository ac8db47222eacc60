export { NotificationsProvider, NOTIFICATION_LIMIT, NOTIFICATION_DURATION_MS } from './NotificationsProvider';
