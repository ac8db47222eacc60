export { RemoteMount, RemoteLoading, provideLoadedRoutes } from './RemoteMount';
