// The customers screen's calls: list a page, save (create or replace), (de)activate, delete.
import { call, type ApiBody } from '@stockwise/shared';
import type { Customer, CustomerPage } from '@/api/inventory';

export type Kind = 'customer' | 'vendor';
export type CustomerBody = ApiBody<'createCustomer'>;

export const fetchCustomers = (query: {
  search?: string;
  kind?: Kind;
  active?: 'true';
  cursor?: string;
  limit: number;
}): Promise<CustomerPage> => call('GET', '/api/customers', { query });
export const saveCustomer = (id: string | null, body: CustomerBody): Promise<Customer> =>
  id ? call('PUT', '/api/customers/{id}', { params: { id }, body }) : call('POST', '/api/customers', { body });
export const setActive = (id: string, active: boolean): Promise<Customer> =>
  call('PUT', '/api/customers/{id}', { params: { id }, body: { active } });
export const deleteCustomer = async (id: string) => {
  await call('DELETE', '/api/customers/{id}', { params: { id } });
};
