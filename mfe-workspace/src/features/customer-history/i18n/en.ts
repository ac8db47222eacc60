export const en = {
  customerHistory: {
    title: 'Customer History',
    subtitle: 'Choose a customer to see their purchases and the warranty of each item they bought.',
    customer: 'Customer',
    choose: 'Choose a customer above.',
    purchases: 'Purchases',
    none: 'No purchases yet.',
    sale: 'Sale #{{number}}',
    saleLine: '{{date}} · {{total}} · sold by {{seller}}',
    showLines: 'Show the items of sale #{{number}}',
    hideLines: 'Hide the items of sale #{{number}}',
    warrantyActive: 'warranty until {{date}}',
    warrantyEnded: 'warranty ended {{date}}',
    noWarranty: 'no warranty',
    more: 'Show more',
  },
};
