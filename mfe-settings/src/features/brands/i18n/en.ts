export const en = {
  brands: {
    subtitle: 'The manufacturers your items are made by.',
    add: 'Add brand',
    rename: 'Rename brand',
    name: 'Name',
    created: 'Added',
    actions: 'Actions',
    edit: 'Rename {{name}}',
    remove: 'Delete {{name}}',
    emptyTitle: 'No brands yet',
    emptyBody: 'Add the brands you stock; reception and the item lists offer them.',
    required: 'Enter a name.',
    tooLong: 'Use at most {{max}} characters.',
    saved: 'Brand saved.',
    deleted: 'Brand deleted.',
    deleteTitle: 'Delete {{name}}?',
    deleteBody: 'A brand can be deleted only while no item uses it.',
  },
};
export type BrandTexts = typeof en;
