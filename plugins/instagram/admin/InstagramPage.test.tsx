// The Instagram screen shows the latest answer it asked for: a refresh asked before a save (a poll,
// the window regaining focus) that answers after it must not show the post as it was before the save.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { CoreAdminContext, type I18nProvider } from 'ra-core';
import type { AccountView, PostView } from '../shared/instagram';
import { loadAccount, loadPosts, savePost } from './api';
import InstagramPage from './InstagramPage';

// react-admin's UI package does not load under jest (an ESM-only dependency); the page needs ra-core
// and a title, which says nothing here
jest.mock('react-admin', () => ({ ...jest.requireActual('ra-core'), Title: () => null }));
// the screen's calls, answered by each test; the account card and the tag dialog are not under test
jest.mock('./api', () => ({
  loadAccount: jest.fn(),
  loadPosts: jest.fn(),
  savePost: jest.fn(),
  startConnect: jest.fn(),
  disconnect: jest.fn(),
  syncNow: jest.fn(),
}));
jest.mock('./AccountCard', () => ({ AccountCard: () => null }));
jest.mock('./TagDialog', () => ({ TagDialog: () => null }));

const i18nProvider: I18nProvider = { translate: (key) => key, changeLocale: async () => {}, getLocale: () => 'en' };
const account: AccountView = {
  status: 'connected',
  username: 'mugs',
  connectedAt: '2026-12-01T00:00:00Z',
  disconnectedAt: null,
  reason: null,
  tokenExpiresAt: null,
  syncStatus: 'idle',
  lastSyncAt: '2026-12-01T00:00:00Z',
  lastSyncError: null,
  posts: 1,
};
const post = (hidden: boolean): PostView => ({
  id: 7,
  mediaId: 'm7',
  mediaType: 'IMAGE',
  caption: 'A mug',
  permalink: null,
  postedAt: null,
  pictures: [],
  videoUrl: null,
  hidden,
  products: [],
});

const isShown = () => screen.getByLabelText<HTMLInputElement>('instagram:post.shown').checked;

/** A call's answer, given when the test says. */
function later<T>() {
  let answer!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
}

test('an answer asked before a save and arriving after it does not undo the save', async () => {
  jest.mocked(loadAccount).mockResolvedValue(account);
  jest.mocked(loadPosts).mockResolvedValueOnce([post(false)]);
  render(
    <CoreAdminContext i18nProvider={i18nProvider}>
      <InstagramPage />
    </CoreAdminContext>,
  );
  const shown = await screen.findByLabelText<HTMLInputElement>('instagram:post.shown');
  expect(shown.checked).toBe(true);

  // the window regains focus: a refresh whose posts answer is held, showing the post as it is now
  const held = later<PostView[]>();
  jest.mocked(loadPosts).mockReturnValueOnce(held.promise);
  await act(async () => {
    window.dispatchEvent(new Event('focus'));
  });
  // the merchant hides the post; the save and the refresh after it answer at once
  jest.mocked(savePost).mockResolvedValue(post(true));
  jest.mocked(loadPosts).mockResolvedValueOnce([post(true)]);
  await act(async () => {
    fireEvent.click(shown);
  });
  expect(savePost).toHaveBeenCalledWith(7, { hidden: true });
  expect(isShown()).toBe(false);

  // the older answer arrives last
  await act(async () => {
    held.answer([post(false)]);
  });
  expect(isShown()).toBe(false);
});
