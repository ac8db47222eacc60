// The screen states every list-and-form screen shares live in the kit (one copy for every remote).
export { Forbidden, LoadError, Loading, isForbidden, statusOf } from '@stockwise/kit';
