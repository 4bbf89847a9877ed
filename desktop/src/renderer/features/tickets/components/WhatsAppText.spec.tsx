import { afterEach, describe, expect, it } from '@jest/globals';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../../../app/i18n';
import { LastMessagePreview } from './LastMessagePreview';
import { WhatsAppText } from './WhatsAppText';

function renderIn(element: ReactElement) {
  return render(
    <I18nextProvider i18n={i18n}>
      <FluentProvider theme={webLightTheme}>{element}</FluentProvider>
    </I18nextProvider>,
  );
}

afterEach(cleanup);

describe('WhatsAppText', () => {
  it('shows the formatting as elements and the rest as text, never as HTML', () => {
    const { container } = renderIn(
      <p data-testid="body">
        <WhatsAppText text={'*Oi* _você_ ~não~ `código` <img src=x onerror="alert(1)"> ```linha 1\nlinha 2```'} />
      </p>,
    );
    const body = container.querySelector('p')!;
    expect(body.querySelector('strong')?.textContent).toBe('Oi');
    expect(body.querySelector('em')?.textContent).toBe('você');
    expect(body.querySelector('s')?.textContent).toBe('não');
    expect([...body.querySelectorAll('code')].map((code) => code.textContent)).toEqual(['código', 'linha 1\nlinha 2']);
    expect(body.querySelector('img')).toBeNull();
    expect(body.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(body.textContent).not.toContain('*');
  });

  it('sets a monospace block apart in the thread, and keeps it inline on one line', () => {
    const { container } = renderIn(
      <>
        <WhatsAppText text={'```a b```'} />
        <WhatsAppText text={'```a b```'} oneLine />
      </>,
    );
    const [block, inline] = [...container.querySelectorAll('code')];
    expect(getComputedStyle(block).display).toBe('block');
    expect(getComputedStyle(inline).display).not.toBe('block');
  });
});

describe('LastMessagePreview', () => {
  it('shows the last message formatted, or the deleted label once that message was deleted', () => {
    const { container, rerender } = renderIn(
      <LastMessagePreview ticket={{ lastMessage: 'pedido *entregue*', lastMessageDeleted: false }} />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('entregue');
    expect(container.textContent).toBe('pedido entregue');

    rerender(
      <I18nextProvider i18n={i18n}>
        <FluentProvider theme={webLightTheme}>
          <LastMessagePreview ticket={{ lastMessage: '', lastMessageDeleted: true }} />
        </FluentProvider>
      </I18nextProvider>,
    );
    expect(i18n.exists('tickets.message.deleted')).toBe(true);
    expect(container.textContent).toBe(i18n.t('tickets.message.deleted'));
  });
});
