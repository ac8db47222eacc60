export { AppLayout } from './AppLayout';
export { TopBar } from './TopBar';
export { Sidebar } from './Sidebar';
export { displayNameOf, companyNameOf } from './user-name';
