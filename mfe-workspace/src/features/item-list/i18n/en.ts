export const en = {
  itemList: {
    title: 'Item List',
    subtitle: 'All items, filtered and sorted by the server; the CSV has every item that matches, not just this page.',
  },
};
