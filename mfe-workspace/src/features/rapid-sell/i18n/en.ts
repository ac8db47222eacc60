export const en = {
  rapidSell: {
    title: 'Rapid Sell',
    subtitle: 'Scan a serial, check the price, press Enter to sell. Escape starts over.',
    price: 'Price',
    priceInvalid: 'Enter an amount such as 1250 or 1250.50.',
    confirm: 'Sell (Enter)',
    selling: 'Selling…',
    looking: 'Looking up {{serial}}…',
    ready: '{{serial}} is ready: press Enter to sell it for {{price}}.',
    sold: 'Sold {{serial}} for {{price}} — sale #{{number}}.',
    soldTitle: 'Sold in this session',
    none: 'Nothing sold yet in this session.',
    failed: 'The sale could not be completed. Please try again.',
    lookupFailed: 'The item could not be looked up. Please try again.',
    alreadySold: 'This item has already been sold.',
    notSellable: '{{serial}} is {{status}} and cannot be sold.',
  },
};
