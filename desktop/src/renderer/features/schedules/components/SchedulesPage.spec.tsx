import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Id } from '@atendo/shared';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
/* eslint-disable no-restricted-imports -- jsdom lacks the TextEncoder the router needs; Node's stands in, in this test only. */
import { TextEncoder } from 'node:util';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';

// The calendar (and its stylesheet) and the dialog stand in as markers; the page's own part is
// reading the address and opening the dialog for the contact it names.
jest.unstable_mockModule('./SchedulesCalendar', () => ({
  SchedulesCalendar: () => <div data-testid="calendar" />,
}));
jest.unstable_mockModule('./ScheduleModal', () => ({
  ScheduleModal: ({ contact, onClose }: { contact: { id: Id; name: string } | null; onClose: () => void }) => (
    <div role="dialog" aria-label="schedule">
      {contact ? `new for ${contact.name} (${contact.id})` : 'new'}
      <button type="button" onClick={onClose}>
        close
      </button>
    </div>
  ),
}));
jest.unstable_mockModule('../schedules.api', () => ({
  useListSchedulesQuery: () => ({
    data: { schedules: [], count: 0, hasMore: false },
    isFetching: false,
    refetch: () => undefined,
  }),
  useDeleteScheduleMutation: () => [() => ({ unwrap: () => Promise.resolve() }), { isLoading: false }],
}));
const askedContacts: Id[] = [];
jest.unstable_mockModule('../../contacts/contacts.api', () => ({
  useGetContactQuery: (id: Id, { skip }: { skip: boolean }) => {
    if (skip) return {};
    askedContacts.push(id);
    return { data: { id, name: 'Maria Souza', number: '5511999990000' } };
  },
}));

Object.assign(globalThis, { TextEncoder });
const { MemoryRouter, Route, Routes, useLocation } = await import('react-router');
const { SchedulesPage } = await import('./SchedulesPage');
const { default: i18n } = await import('../../../app/i18n');
const { createAppStore } = await import('../../../app/store');

function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="address">{pathname + search}</output>;
}

function show(address: string) {
  return render(
    <Provider store={createAppStore()}>
      <I18nextProvider i18n={i18n}>
        <FluentProvider theme={webLightTheme}>
          <MemoryRouter initialEntries={[address]}>
            <Routes>
              <Route
                path="/schedules"
                element={
                  <>
                    <SchedulesPage />
                    <Address />
                  </>
                }
              />
            </Routes>
          </MemoryRouter>
        </FluentProvider>
      </I18nextProvider>
    </Provider>,
  );
}

afterEach(() => {
  cleanup();
  askedContacts.length = 0;
});

describe('SchedulesPage', () => {
  it('opens a new schedule for the contact of ?contactId, and closing it clears the address', () => {
    show('/schedules?contactId=7');
    expect(screen.getByTestId('calendar')).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toContain('new for Maria Souza (7)');
    expect(askedContacts).toContain(7);
    fireEvent.click(screen.getByRole('button', { name: 'close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/schedules');
  });

  it('opens nothing without a contact, or with one that is not an id', () => {
    show('/schedules?contactId=abc');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(askedContacts).toEqual([]);
  });

  it('opens an empty new schedule from the add button', () => {
    show('/schedules');
    fireEvent.click(screen.getByRole('button', { name: i18n.t('schedules.add') }));
    expect(screen.getByRole('dialog').textContent).toContain('new');
    expect(screen.getByRole('dialog').textContent).not.toContain('Maria');
  });
});
