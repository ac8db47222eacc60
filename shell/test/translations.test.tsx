import { act, render, screen } from '@testing-library/react';
import { setLanguage, type TranslationsOf } from '@stockwise/shared';
import { useT } from '../src/i18n';
import { en } from '../src/i18n/en';
import { tr } from '../src/i18n/tr';

/** Every key of a text tree, as i18next writes it. */
const keysOf = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

function Heading() {
  const { t } = useT();
  return <h1>{t('topBar.logout')}</h1>;
}

describe("the shell's texts", () => {
  afterEach(() => act(() => setLanguage('en')));

  it('are complete in Turkish and shown in the chosen language', async () => {
    expect(keysOf(tr).sort()).toEqual(keysOf(en).sort());
    render(<Heading />);
    expect(screen.getByRole('heading')).toHaveTextContent('Logout');
    await act(() => setLanguage('tr'));
    expect(screen.getByRole('heading')).toHaveTextContent(tr.topBar.logout);
    expect(tr.topBar.logout).not.toBe(en.topBar.logout);
  });

  it('make a missing Turkish text or an unknown key a type error (checked by tsc)', () => {
    // @ts-expect-error -- Turkish must have every English key: the brand is missing here
    const missing: TranslationsOf<typeof en> = { ...tr, brand: { name: 'Stockwise' } };
    function Misspelt() {
      const { t } = useT();
      // @ts-expect-error -- no such key in the shell's namespace
      return <>{t('topBar.logut')}</>;
    }
    expect(missing.brand.name).toBe('Stockwise');
    expect(Misspelt).toBeInstanceOf(Function);
  });
});
