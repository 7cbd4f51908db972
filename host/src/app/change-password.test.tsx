import { mockFetch, requestsTo } from '@crm/shared/testing';
import { ToastProvider, UiLanguageProvider } from '@crm/shared/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from './i18n';
import { ChangePasswordForm } from '../features/profile/components/change-password-form';
import { ACCOUNT_PAGE_NS } from '../features/profile/utils/account-page-ns';

// The profile page's texts are its own namespace (fetched with the page by ProfileRoute); the form alone needs it too.
beforeAll(() => i18n.loadNamespaces(ACCOUNT_PAGE_NS));

function renderForm() {
  return render(
    <UiLanguageProvider lng="en">
      <ToastProvider>
        <ChangePasswordForm />
      </ToastProvider>
    </UiLanguageProvider>,
  );
}

const current = () => screen.getByLabelText('Current password');
const fresh = () => screen.getByLabelText('New password');
const again = () => screen.getByLabelText('Repeat the new password');
const submit = () => screen.getByRole('button', { name: 'Change password' });

test('checks every field before asking the server, and shows how strong the new password is', async () => {
  const fetch = mockFetch({});
  const user = userEvent.setup();
  renderForm();
  expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveValue(0);
  await user.type(fresh(), 'short');
  await user.type(again(), 'other');
  await user.click(submit());
  expect(current()).toHaveAccessibleDescription(/Enter your current password/);
  expect(fresh()).toHaveAccessibleDescription(/Use at least 8 characters/);
  expect(again()).toHaveAccessibleDescription('The passwords do not match');
  expect(requestsTo(fetch, 'POST /api/auth/change-password')).toHaveLength(0);

  await user.clear(fresh());
  await user.type(fresh(), 'Correct-Horse-Battery-9');
  expect(screen.getByText('Password strength: Strong')).toBeInTheDocument();
  expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveValue(4);
});

test("shows the server's answer on the current-password field, then changes the password", async () => {
  let wrong = true;
  const fetch = mockFetch({
    'POST /api/auth/change-password': () =>
      wrong
        ? {
            status: 422,
            body: {
              message: 'The current password is not correct.',
              code: 'VALIDATION_FAILED',
              errors: { current_password: ['The current password is not correct.'] },
            },
          }
        : { body: { message: 'Your password has been changed. Your other sessions were signed out.' } },
  });
  const user = userEvent.setup();
  renderForm();
  await user.type(current(), 'not-mine');
  await user.type(fresh(), 'brand-new-password');
  await user.type(again(), 'brand-new-password');
  await user.click(submit());
  expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
  expect(current()).toHaveAccessibleDescription('The current password is not correct.');

  wrong = false;
  await user.clear(current());
  await user.type(current(), 'my-password');
  await user.click(submit());
  expect(await screen.findByText('Your password has been changed. Your other sessions were signed out.')).toBeInTheDocument();
  expect(requestsTo(fetch, 'POST /api/auth/change-password').map((r) => r.body)).toEqual([
    { current_password: 'not-mine', password: 'brand-new-password', password_confirmation: 'brand-new-password' },
    { current_password: 'my-password', password: 'brand-new-password', password_confirmation: 'brand-new-password' },
  ]);
  expect(current()).toHaveValue('');
});
