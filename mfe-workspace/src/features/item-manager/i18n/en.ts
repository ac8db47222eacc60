export const en = {
  manager: {
    title: 'Item Manager',
    subtitle:
      'Every item, filtered and sorted by the server. The filters stay in the address, so a link shows the same list.',
  },
};
