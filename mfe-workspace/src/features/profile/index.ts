export { ProfilePage, MAX_PICTURE_BYTES } from './routes/ProfilePage';
