import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconX } from '../icons/icons';
import { TOAST_DURATION_MS } from '../tokens/constants';
import { ToastContext, type ToastAction, type ToastApi, type ToastKind, type ToastOptions } from './toast-context';
import { withThemeFallback } from '../theme/with-theme-fallback';
import { useUiText } from '../i18n/ui-i18n';

interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  action?: ToastAction;
}

const icons = { success: IconCircleCheck, error: IconAlertCircle, info: IconInfoCircle, warning: IconAlertTriangle };

const slideUp = keyframes`from { opacity: 0; transform: translateY(12px); } to { opacity: 1; transform: none; }`;

// Stacked at the bottom of the inline end; the newest sits at the bottom, nearest the corner.
const Region = styled.div`
  position: fixed;
  inset-block-end: 1.5rem;
  inset-inline-end: 1.5rem;
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 0.75rem;
  max-width: calc(100vw - 3rem);
  pointer-events: none;
`;

const Toast = styled.div<{ $kind: ToastKind }>`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  min-width: 16rem;
  max-width: 26rem;
  padding: 0.75rem 0.75rem 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radius.md};
  border-inline-start: 4px solid ${({ theme, $kind }) => theme.colors[$kind]};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.md};
  pointer-events: auto;
  animation: ${slideUp} 200ms ease-out;
  & > svg { flex: none; color: ${({ theme, $kind }) => theme.colors[$kind]}; }
`;

const Message = styled.div`
  flex: 1;
  font-size: ${({ theme }) => theme.font.size};
`;

const ActionButton = styled.button`
  flex: none;
  padding: 0.25rem 0.5rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.primaryText};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.hover}; }
`;

const Close = styled.button`
  display: grid;
  place-items: center;
  padding: 0.25rem;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.hover}; }
`;

function ToastProviderView({ children, duration = TOAST_DURATION_MS }: { children?: ReactNode; duration?: number }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const t = useUiText();
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const show = useCallback(
    (kind: ToastKind, message: string, options: ToastOptions = {}) => {
      const id = ++nextId.current;
      setToasts((list) => [...list, { id, kind, message, action: options.action }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), options.duration ?? duration),
      );
    },
    [dismiss, duration],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (message, options) => show('success', message, options),
      error: (message, options) => show('error', message, options),
      info: (message, options) => show('info', message, options),
      warning: (message, options) => show('warning', message, options),
    }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Region>
        {toasts.map((toast) => {
          const Icon = icons[toast.kind];
          return (
            <Toast key={toast.id} role="status" aria-live="polite" $kind={toast.kind}>
              <Icon size={22} />
              <Message>{toast.message}</Message>
              {toast.action ? (
                <ActionButton
                  type="button"
                  onClick={() => {
                    dismiss(toast.id);
                    toast.action?.onClick();
                  }}
                >
                  {toast.action.label}
                </ActionButton>
              ) : null}
              <Close type="button" aria-label={t('toast.close')} onClick={() => dismiss(toast.id)}>
                <IconX size={16} />
              </Close>
            </Toast>
          );
        })}
      </Region>
    </ToastContext.Provider>
  );
}

/** Hosts the toasts `useToast()` shows; each closes after 3000 ms (or its own duration), on its close button or its action. */
export const ToastProvider = withThemeFallback(ToastProviderView, 'ToastProvider');
