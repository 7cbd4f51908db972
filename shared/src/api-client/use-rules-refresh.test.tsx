import { act, renderHook, waitFor } from '@testing-library/react';
import { mockFetch, requestsTo } from '@crm/shared/testing';
import { getAccessToken, getStoredRules, onSessionChange, saveSession } from './storage';
import { useRulesRefresh } from './use-rules-refresh';

const userData = { id: 7, first_name: 'Ivan', name: 'Ivan Ivanov', email: 'i@example.com', role: 'Narrow', avatar: null };

beforeEach(() => {
  localStorage.clear();
  saveSession({ accessToken: 'tok-1', userData, userAbilityRules: [{ action: 'view', subject: 'lead' }] });
});

describe('useRulesRefresh', () => {
  it('stores the rules the server answers when the window gets the focus, keeping the token', async () => {
    const widened = [
      { action: 'view', subject: 'lead' },
      { action: 'view', subject: 'lead-status' },
    ];
    const fetch = mockFetch({ 'GET /api/auth/me': { body: { userData, userAbilityRules: widened } } });
    const changed = jest.fn();
    const stop = onSessionChange(changed);
    renderHook(() => useRulesRefresh(true));
    expect(requestsTo(fetch, 'GET /api/auth/me')).toHaveLength(0);

    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(getStoredRules()).toEqual(widened));
    expect(getAccessToken()).toBe('tok-1');
    expect(changed).toHaveBeenCalledTimes(1);

    // The same answer again changes nothing, so nothing re-renders.
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(requestsTo(fetch, 'GET /api/auth/me')).toHaveLength(2));
    expect(changed).toHaveBeenCalledTimes(1);
    stop();
  });

  it('asks every interval while enabled, and not at all when signed out', async () => {
    jest.useFakeTimers();
    try {
      const fetch = mockFetch({ 'GET /api/auth/me': { body: { userData, userAbilityRules: [] } } });
      const { rerender } = renderHook(({ enabled }) => useRulesRefresh(enabled, 1000), { initialProps: { enabled: false } });
      await act(async () => {
        jest.advanceTimersByTime(3000);
      });
      expect(requestsTo(fetch, 'GET /api/auth/me')).toHaveLength(0);
      rerender({ enabled: true });
      await act(async () => {
        jest.advanceTimersByTime(2000);
      });
      expect(requestsTo(fetch, 'GET /api/auth/me')).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
