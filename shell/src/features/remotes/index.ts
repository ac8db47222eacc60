export { RemoteMount, RemoteLoading, LAZY_CHUNK_TIMEOUT_MS, ChunkTimeoutError, withTimeout } from './RemoteMount';
