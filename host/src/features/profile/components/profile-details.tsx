import { ApiError, useSession } from '@crm/shared/api-client';
import { profileInputSchema, AVATAR_MAX_BYTES, type ProfileWithTeams } from '@crm/shared/schemas';
import { Button, ErrorState, Spinner, TextField, useToast, userInitials } from '@crm/shared/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_PAGE_NAMESPACES } from '../utils/account-page-ns';
import styled from 'styled-components';
import useSWR from 'swr';
import { getProfile, PROFILE_KEY, removeAvatar, updateName, uploadAvatar } from '../api/account';
import { ProfileFields } from './profile-fields';

const Section = styled.section`
  display: grid;
  gap: 1.5rem;
`;

const AvatarRow = styled.div`
  display: flex;
  align-items: center;
  gap: 1.25rem;
  flex-wrap: wrap;
`;

const Picture = styled.span`
  display: inline-grid;
  place-items: center;
  width: 96px;
  height: 96px;
  overflow: hidden;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primaryFill};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 2.25rem;
  font-weight: 600;
  img { width: 100%; height: 100%; object-fit: cover; }
`;

const Hint = styled.p`
  margin: 0.25rem 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.sizeSm};
`;

const Who = styled.p`
  margin: 0 0 0.75rem;
`;

const NameForm = styled.form`
  display: flex;
  align-items: flex-start;
  gap: 0.75rem;
  max-width: 32rem;
  > :first-child { flex: 1; }
  button { margin-top: 1.6rem; }
`;

/** Profile tab: picture (upload, remove), name (editable), role and teams. */
export function ProfileDetails() {
  const { t } = useTranslation(ACCOUNT_PAGE_NAMESPACES);
  const toast = useToast();
  const session = useSession();
  const { data, error, isLoading, mutate } = useSWR<ProfileWithTeams>(PROFILE_KEY, getProfile);
  const [name, setName] = useState(() => session.user?.name ?? '');
  const [nameError, setNameError] = useState<string>();
  const [avatarError, setAvatarError] = useState<string>();
  const [pending, setPending] = useState<'name' | 'avatar' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // The stored session shows the user at once; the server's answer (with the teams) replaces it.
  const user = data?.userData ?? session.user;
  const serverName = data?.userData.name;
  useEffect(() => {
    if (serverName !== undefined) setName(serverName);
  }, [serverName]);

  if (!user) return isLoading ? <Spinner /> : <ErrorState title={t('profile.loadFailed')} message={error?.message} onRetry={() => void mutate()} />;

  const failure = (caught: unknown, field: string): string => {
    if (caught instanceof ApiError && (caught.status === 422 || caught.status === 413)) return caught.errors[field]?.[0] ?? caught.message;
    return t('account.saveFailed');
  };

  async function onSaveName(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = profileInputSchema.safeParse({ name });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    setPending('name');
    try {
      const userData = await updateName(parsed.data.name);
      await mutate((current) => (current ? { ...current, userData } : current), { revalidate: false });
      setNameError(undefined);
      toast.success(t('account.nameSaved'));
    } catch (caught) {
      setNameError(failure(caught, 'name'));
    } finally {
      setPending(null);
    }
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) {
      setAvatarError(t('account.avatarHint'));
      return;
    }
    setPending('avatar');
    try {
      const userData = await uploadAvatar(file);
      await mutate((current) => (current ? { ...current, userData } : current), { revalidate: false });
      setAvatarError(undefined);
      toast.success(t('account.avatarSaved'));
    } catch (caught) {
      setAvatarError(failure(caught, 'avatar'));
    } finally {
      setPending(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  async function onRemove() {
    setPending('avatar');
    try {
      const userData = await removeAvatar();
      await mutate((current) => (current ? { ...current, userData } : current), { revalidate: false });
    } catch (caught) {
      setAvatarError(failure(caught, 'avatar'));
    } finally {
      setPending(null);
    }
  }

  return (
    <Section>
      <AvatarRow>
        <Picture>{user.avatar ? <img src={user.avatar} alt={t('account.avatar')} /> : <span aria-hidden>{userInitials(user)}</span>}</Picture>
        <div>
          <Who>
            <strong>{user.name}</strong> · {user.role}
          </Who>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            hidden
            aria-label={t('account.uploadAvatar')}
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
          <Button loading={pending === 'avatar'} onClick={() => fileInput.current?.click()}>
            {t('account.uploadAvatar')}
          </Button>{' '}
          {user.avatar ? (
            <Button variant="secondary" disabled={pending !== null} onClick={() => void onRemove()}>
              {t('account.removeAvatar')}
            </Button>
          ) : null}
          <Hint role={avatarError ? 'alert' : undefined}>{avatarError ?? t('account.avatarHint')}</Hint>
        </div>
      </AvatarRow>
      <NameForm noValidate onSubmit={(event) => void onSaveName(event)}>
        <TextField
          label={t('account.editName')}
          name="name"
          autoComplete="name"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(undefined);
          }}
          error={nameError}
        />
        <Button type="submit" loading={pending === 'name'}>
          {t('account.saveName')}
        </Button>
      </NameForm>
      <ProfileFields>
        <dt>{t('profile.email')}</dt>
        <dd>{user.email}</dd>
        <dt>{t('profile.role')}</dt>
        <dd>{user.role}</dd>
        <dt>{t('account.teams')}</dt>
        <dd>
          {data ? (
            data.teams.length ? data.teams.map((team) => team.name).join(', ') : t('account.noTeams')
          ) : error ? (
            <ErrorState title={t('profile.loadFailed')} message={error.message} onRetry={() => void mutate()} />
          ) : (
            <Spinner size={18} />
          )}
        </dd>
      </ProfileFields>
    </Section>
  );
}
