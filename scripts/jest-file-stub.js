// Stands in for stylesheet and image imports under Jest, which has no bundler.
module.exports = 'file-stub';
