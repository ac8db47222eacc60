export { RemoteMount, RemoteLoading } from './RemoteMount';
