import { RpcError } from '@planner/protocol';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/client';
import { endSession, getSessionToken, startSession } from '../api/session';
import security from '../i18n/account-security/en.json';
import { renderWithProviders } from '../test/render';
import UndoEmailChangePage from './UndoEmailChangePage';

vi.mock('../api/client', () => ({ call: vi.fn(), onSessionInvalid: vi.fn() }));

const callMock = vi.mocked(call);

function open(route: string) {
  renderWithProviders(
    <Routes>
      <Route path="/undo-email-change" element={<UndoEmailChangePage />} />
      <Route path="/login" element={<p>login screen</p>} />
      <Route path="/account" element={<p>account screen</p>} />
    </Routes>,
    { route },
  );
  if (!i18next.hasResourceBundle('en', 'account-security')) {
    i18next.addResourceBundle('en', 'account-security', security);
  }
}

const undoCalls = () => callMock.mock.calls.filter(([method]) => method === 'UndoEmailChange');

beforeEach(() => {
  callMock.mockReset();
  endSession();
});

describe('the undo page of a change of address', () => {
  it('undoes once, forgets the session it ended and leads to the login', async () => {
    startSession('this-browser');
    callMock.mockResolvedValue({} as never);
    open('/undo-email-change?token=undo-1');
    expect(await screen.findByText(security.undo.done)).toBeVisible();
    expect(screen.getByText(security.undo.doneText)).toBeVisible();
    expect(screen.getByText(security.undo.noMail)).toBeVisible();
    expect(undoCalls()).toEqual([
      ['UndoEmailChange', { token: 'undo-1', locale: 'en' }, { retry: false }],
    ]);
    // Every session of the account ended on the server, this browser's too.
    expect(getSessionToken()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: security.verify.toLogin }));
    expect(await screen.findByText('login screen')).toBeVisible();
    expect(undoCalls()).toHaveLength(1);
  });

  it.each([
    ['invalid.undoLinkUsed', security.invalid.undoLinkUsed],
    ['invalid.undoLinkExpired', security.invalid.undoLinkExpired],
    ['invalid.undoEmailTaken', security.invalid.undoEmailTaken],
    ['invalid.undoLinkInvalid', security.invalid.undoLinkInvalid],
  ])('says why a link did not work (%s)', async (key, text) => {
    callMock.mockRejectedValue(new RpcError(400, key, 'UndoEmailChange'));
    open(`/undo-email-change?token=${key}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByText(security.verify.failed)).toBeVisible();
  });

  it('keeps a session a failed link did not end, and leads to the account', async () => {
    startSession('this-browser');
    callMock.mockRejectedValue(new RpcError(400, 'invalid.undoLinkUsed', 'UndoEmailChange'));
    open('/undo-email-change?token=undo-used');
    expect(await screen.findByRole('alert')).toHaveTextContent(security.invalid.undoLinkUsed);
    expect(getSessionToken()).toBe('this-browser');
    await userEvent.click(screen.getByRole('button', { name: security.verify.toAccount }));
    expect(await screen.findByText('account screen')).toBeVisible();
  });

  it('says a link without its code is incomplete, and calls nothing', async () => {
    open('/undo-email-change');
    expect(await screen.findByRole('alert')).toHaveTextContent(security.undo.missing);
    expect(undoCalls()).toHaveLength(0);
  });
});
