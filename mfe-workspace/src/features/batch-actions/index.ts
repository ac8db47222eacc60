export { ChangeLocationPage } from './routes/ChangeLocationPage';
export { StatusChangePage } from './routes/StatusChangePage';
export { ItemProcessPage } from './routes/ItemProcessPage';
