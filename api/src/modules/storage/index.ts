// The storage module's public face: the Supabase Storage API subset (routes) and the key rules
// other modules need (a company's logo path, a user's profile picture), and freeing a replaced one.
export { storageRoutes } from './routes.js';
export { BUCKETS, MAX_OBJECT_BYTES, isOwnLogoPath, profilePictureKey, publicObjectUrlPrefixes } from './keys.js';
export { fileObjectStore, type ObjectStore } from './object-store.js';
export { releaseLogo, releaseProfilePicture } from './release.js';
