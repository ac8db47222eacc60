import { call, type ApiBody, type ApiResponse } from '@stockwise/shared';

// Warranty claims as the workspace calls them (types from the generated OpenAPI types).
export type WarrantyClaim = ApiResponse<'openWarrantyClaim'>;
export type WarrantyState = WarrantyClaim['state'];
export type AdvanceRequest = ApiBody<'advanceWarrantyClaim'>;

export const listItemWarrantyClaims = async (itemId: string) =>
  (await call('GET', '/api/items/{id}/warranty-claims', { params: { id: itemId } })).items;
export const openWarrantyClaim = (itemId: string, fault: string) =>
  call('POST', '/api/items/{id}/warranty-claims', { params: { id: itemId }, body: { fault } });
export const advanceWarrantyClaim = (claimId: string, body: AdvanceRequest) =>
  call('POST', '/api/warranty-claims/{id}/advance', { params: { id: claimId }, body });
