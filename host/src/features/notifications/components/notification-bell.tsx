import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@crm/shared/router';
import styled from 'styled-components';
import { useSession } from '@crm/shared/api-client';
import { useAfterFirstScreen, useChannelEvent } from '@crm/shared/realtime';
import type { Notification } from '@crm/shared/schemas';
import { realtimeChannels, realtimeEvents } from '@crm/shared/schemas/mini';
import { createIcon, formatDateTime, formatRelativeTime, IconButton, toUiLanguage, useDismiss, useToast } from '@crm/shared/ui';
import { getNotifications, useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useRevalidateNotifications } from '../hooks/use-revalidate-notifications';

const IconBell = createIcon('IconBell', [
  'M10 5a2 2 0 1 1 4 0a7 7 0 0 1 4 6v3a4 4 0 0 0 2 3h-16a4 4 0 0 0 2 -3v-3a7 7 0 0 1 4 -6',
  'M9 17v1a3 3 0 0 0 6 0v-1',
]);

const Root = styled.div`
  position: relative;
`;

/** The kit's round icon button, the anchor of the unread badge. */
const Trigger = styled(IconButton)`
  position: relative;
`;

const Badge = styled.span`
  position: absolute;
  top: 0.125rem;
  inset-inline-end: 0.125rem;
  min-width: 1.125rem;
  height: 1.125rem;
  padding: 0 0.25rem;
  border-radius: 0.5625rem;
  background: ${({ theme }) => theme.colors.errorFill};
  color: ${({ theme }) => theme.colors.onError};
  font-size: 0.6875rem;
  font-weight: 600;
  line-height: 1.125rem;
`;

const Panel = styled.div`
  position: absolute;
  inset-inline-end: 0;
  top: calc(100% + 0.5rem);
  z-index: ${({ theme }) => theme.zIndex.overlay};
  width: 22rem;
  max-width: calc(100vw - 2rem);
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  box-shadow: ${({ theme }) => theme.shadows.lg};
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 0.75rem 1rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-weight: 600;
`;

const TextButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: 0.8125rem;
  cursor: pointer;
`;

const List = styled.ul`
  max-height: 24rem;
  margin: 0;
  padding: 0;
  overflow-y: auto;
  list-style: none;
`;

const Item = styled.li<{ $unread: boolean }>`
  display: flex;
  gap: 0.5rem;
  padding: 0.75rem 1rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ $unread, theme }) => ($unread ? theme.colors.hover : 'transparent')};
  a { color: inherit; text-decoration: none; flex: 1; }
`;

const Meta = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8125rem;
`;

const Empty = styled.p`
  margin: 0;
  padding: 1.5rem 1rem;
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

/** pusher-js's event on a channel once the server confirmed its subscription. */
const SUBSCRIBED = 'pusher:subscription_succeeded';

/**
 * Top-bar notifications: a bell with the unread count, a dropdown of the latest with time-ago and links, and a toast
 * (3000 ms) when one arrives on the user's channel.
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const { user, isLoggedIn } = useSession();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toast = useToast();
  // The count is not part of the page's first screen: asked for once it has passed, with the realtime connection.
  const afterFirstScreen = useAfterFirstScreen();
  const { data: unread = 0 } = useUnreadCount(isLoggedIn && afterFirstScreen);
  const { data: page } = useNotifications(isLoggedIn && open);
  const revalidate = useRevalidateNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();

  const mountedAt = useRef(Date.now());
  const toasted = useRef(new Set<number>());
  const recovered = useRef(false);
  const announce = (notification: Notification) => {
    if (toasted.current.has(notification.id)) return;
    toasted.current.add(notification.id);
    toast.info(notification.body ? `${notification.title}: ${notification.body}` : notification.title);
  };
  const channel = user ? realtimeChannels.user(user.id) : null;
  useChannelEvent<{ notification: Notification }>(channel, realtimeEvents.notificationCreated, ({ notification }) => {
    announce(notification);
    revalidate();
  });
  // The connection starts after the page's first screen (docs/decisions/080): what was sent before the channel was
  // subscribed, or while it was away, is fetched when it is (again) subscribed. The first time, the unread ones
  // created since the bell mounted (by this browser's clock) get the toast they would have had live.
  useChannelEvent(channel, SUBSCRIBED, () => {
    revalidate();
    if (recovered.current) return;
    recovered.current = true;
    getNotifications()
      .then(({ data }) => {
        for (const notification of [...data].reverse()) {
          if (!notification.read_at && Date.parse(notification.created_at) >= mountedAt.current) announce(notification);
        }
      })
      .catch((error: unknown) => console.error('Could not fetch the notifications sent before the connection', error));
  });

  useDismiss(root, Boolean(open), () => setOpen(false));

  const label = unread > 0 ? `${t('notifications.title')}: ${t('notifications.unread', { count: unread })}` : t('notifications.title');
  const onFollow = (notification: Notification) => {
    setOpen(false);
    if (!notification.read_at) void markRead(notification.id);
  };

  return (
    <Root ref={root}>
      <Trigger label={label} aria-expanded={open} aria-haspopup="dialog" onClick={() => setOpen(!open)}>
        <IconBell size={22} />
        {unread > 0 ? <Badge data-testid="notification-badge">{unread > 99 ? '99+' : unread}</Badge> : null}
      </Trigger>
      {open ? (
        <Panel role="dialog" aria-label={t('notifications.title')}>
          <Header>
            <span>{t('notifications.title')}</span>
            {unread > 0 ? (
              <TextButton type="button" onClick={() => void markAllRead()}>
                {t('notifications.markAllRead')}
              </TextButton>
            ) : null}
          </Header>
          {page && page.data.length === 0 ? <Empty>{t('notifications.empty')}</Empty> : null}
          <List>
            {page?.data.map((notification) => {
              const content = (
                <>
                  <div>{notification.title}</div>
                  {notification.body ? <Meta>{notification.body}</Meta> : null}
                  <Meta>
                    <time dateTime={notification.created_at} title={formatDateTime(notification.created_at, toUiLanguage(i18n.language))}>
                      {formatRelativeTime(notification.created_at, toUiLanguage(i18n.language))}
                    </time>
                  </Meta>
                </>
              );
              return (
                <Item key={notification.id} $unread={!notification.read_at} data-unread={!notification.read_at}>
                  {notification.link ? (
                    <Link to={notification.link} onClick={() => onFollow(notification)}>
                      {content}
                    </Link>
                  ) : (
                    <div style={{ flex: 1 }}>{content}</div>
                  )}
                  {!notification.read_at ? (
                    <TextButton type="button" onClick={() => void markRead(notification.id)}>
                      {t('notifications.markRead')}
                    </TextButton>
                  ) : null}
                </Item>
              );
            })}
          </List>
        </Panel>
      ) : null}
    </Root>
  );
}
