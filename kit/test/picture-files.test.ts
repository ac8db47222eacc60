import { MAX_PICTURE_BYTES, PICTURE_ACCEPT, pictureFileProblem } from '../src';

// The one check every picture upload makes before sending (profile, item photos, a model's image,
// the company logo): the storage's types and its 5 MB limit.
describe('pictureFileProblem', () => {
  it('takes the types the storage sniffs, up to 5 MB exactly', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
      expect(pictureFileProblem({ type, size: MAX_PICTURE_BYTES })).toBeNull();
    expect(MAX_PICTURE_BYTES).toBe(5 * 1024 * 1024);
    expect(PICTURE_ACCEPT).toBe('image/png,image/jpeg,image/gif,image/webp');
  });

  it('refuses an SVG or a file of no type, and one byte over the limit', () => {
    expect(pictureFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(pictureFileProblem({ type: '', size: 10 })).toBe('type');
    expect(pictureFileProblem({ type: 'image/png', size: MAX_PICTURE_BYTES + 1 })).toBe('tooLarge');
  });
});
