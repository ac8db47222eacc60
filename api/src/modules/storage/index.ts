// The storage module's public face (its routes, the Supabase Storage API subset, are mounted by
// app.ts from routes.ts): the key rules
// other modules need (a company's logo path, a user's profile picture), and freeing a replaced one.
export { BUCKETS, MAX_OBJECT_BYTES, isOwnLogoPath, profilePictureKey, publicObjectUrlPrefixes } from './keys.js';
export { fileObjectStore, type ObjectStore } from './object-store.js';
export { releaseLogo, releaseProfilePicture } from './release.js';
export { logoForPrint } from './print-image.js';
