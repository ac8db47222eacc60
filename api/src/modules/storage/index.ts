// The storage module's public face: the Supabase Storage API subset (routes) and the key rules
// other modules need (a company's logo path, a user's profile-picture folder).
export { storageRoutes } from './routes.js';
export { BUCKETS, MAX_OBJECT_BYTES, isOwnLogoPath, profilePictureFolder, publicObjectUrlPrefixes } from './keys.js';
