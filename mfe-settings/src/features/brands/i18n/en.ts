export const en = {
  brands: {
    subtitle: 'The manufacturers your items are made by.',
    add: 'Add brand',
    rename: 'Rename brand',
    name: 'Name',
    created: 'Added',
    edit: 'Rename {{name}}',
    emptyTitle: 'No brands yet',
    emptyBody: 'Add the brands you stock; reception and the item lists offer them.',
    saved: 'Brand saved.',
    deleted: 'Brand deleted.',
    deleteBody: 'A brand can be deleted only while no item uses it.',
  },
};
export type BrandTexts = typeof en;
