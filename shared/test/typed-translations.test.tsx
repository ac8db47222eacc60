import { act, render, screen } from '@testing-library/react';
import { defineTranslations, setLanguage, type TranslationsOf } from '../src';

const en = { greeting: { hello: 'Hello {{name}}' }, items_one: '{{count}} item', items_other: '{{count}} items' };
const tr: TranslationsOf<typeof en> = {
  greeting: { hello: 'Merhaba {{name}}' },
  items_one: '{{count}} ürün',
  items_other: '{{count}} ürün',
};
const { useT } = defineTranslations('typed-test', { en, tr });

function Greeting() {
  const { t } = useT();
  return (
    <p>
      {t('greeting.hello', { name: 'Ada' })} · {t('items', { count: 2 })} · {t('common:actions.save')}
    </p>
  );
}

describe('defineTranslations', () => {
  afterEach(() => act(() => setLanguage('en')));

  it("translates the namespace's own keys and the common ones, in the chosen language", async () => {
    render(<Greeting />);
    expect(screen.getByText('Hello Ada · 2 items · Save')).toBeInTheDocument();
    await act(() => setLanguage('tr'));
    expect(screen.getByText('Merhaba Ada · 2 ürün · Kaydet')).toBeInTheDocument();
  });

  it('makes a missing Turkish text or an unknown key a type error (checked by tsc)', () => {
    // @ts-expect-error -- Turkish must have every English key
    const missing: TranslationsOf<typeof en> = { greeting: {}, items_one: '', items_other: '' };
    function Misspelt() {
      const { t } = useT();
      // @ts-expect-error -- no such key in this namespace
      return <>{t('greeting.helo')}</>;
    }
    expect(missing.items_one).toBe('');
    expect(Misspelt).toBeInstanceOf(Function);
  });
});
