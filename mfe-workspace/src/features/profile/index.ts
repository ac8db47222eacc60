export { ProfilePage, MAX_PICTURE_BYTES } from './components/ProfilePage';
