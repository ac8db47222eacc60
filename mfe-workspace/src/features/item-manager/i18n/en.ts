export const en = {
  manager: {
    title: 'Item Manager',
    subtitle:
      'Every item, filtered and sorted by the server. The filters stay in the address, so a link shows the same list.',
    anyStatus: 'Any status',
    anyLocation: 'Any location',
    anyType: 'Any item type',
    filters: 'Filters',
    clear: 'Clear filters',
    export: 'Export what is shown (CSV)',
    open: 'Open the history of {{serial}}',
    noMatches: 'No item matches these filters.',
  },
};
