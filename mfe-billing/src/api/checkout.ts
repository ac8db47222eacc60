// TODO(issue 9): checkout.ts belongs in this shared folder (the pricing, purchase and limits features
// all use it); it stays in features/purchase until the security issue's changes there land, and
// this re-export is the one way the other features reach it.
// eslint-disable-next-line import-x/no-restricted-paths
export * from '@/features/purchase/api/checkout';
