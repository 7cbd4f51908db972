import * as oidc from 'openid-client';
import type { SsoErrorCode } from '@crm/shared/schemas';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { postgresErrorCode, UNIQUE_VIOLATION } from '../db/errors';
import { validationFailed } from '../errors/app-error';
import { OidcAnswerRefused, type OidcClaims, type OidcClient } from '../lib/oidc-client';
import { hashPassword } from '../lib/password';
import { generateToken } from '../lib/tokens';
import { createAuthRepository } from '../repositories/auth-repository';
import { createRoleRepository } from '../repositories/role-repository';
import { createSignInAttemptRepository } from '../repositories/sign-in-attempt-repository';
import { createSsoRepository } from '../repositories/sso-repository';
import { createUserRepository, ensureAnotherAdmin, type UserWithRole } from '../repositories/user-repository';
import type { SignedIn } from './auth-service';
import type { Actor } from './domain-events';
import type { RunUnitOfWork } from './unit-of-work';

/** Where the provider sends the browser back: registered with the provider as `APP_URL` + this path. */
export const SSO_CALLBACK_PATH = '/api/auth/oidc/callback';

export const SSO_CODE_INVALID = 'This sign-in link is invalid or has expired. Sign in again.';

interface Log {
  info: (o: object, m: string) => void;
  warn: (o: object, m: string) => void;
}

/** The callback's outcome: a one-time code for the SPA, or why the sign-in was refused. */
export type SsoCallbackResult = { handoff: string } | { error: SsoErrorCode };

/**
 * Names a claim carries: one string, or an array of them (Keycloak's roles, Entra's and Okta's groups). A claim the
 * provider did not send says nothing (undefined), unlike an empty one.
 */
function claimNames(claims: OidcClaims, name: string | undefined): string[] | undefined {
  if (!name) return undefined;
  const value = claims[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/**
 * Single sign-on through one OpenID Connect provider (docs/decisions/073): start, callback and the SPA's exchange of
 * its one-time code for a session. Refusals are recorded like wrong passwords (sign-in attempts, audit).
 */
export function createSsoService(
  run: RunUnitOfWork,
  { db, settings, oidcClient, tokenTtlHours }: { db: Database; settings: NonNullable<AppConfig['sso']>; oidcClient: OidcClient; tokenTtlHours: number },
) {
  const flows = createSsoRepository(db);
  const users = createUserRepository(db);

  /** Role and teams as the configured claims name them; names the CRM does not know are left out. */
  async function claimedAccess(claims: OidcClaims) {
    const roleNames = claimNames(claims, settings.roleClaim);
    const teamNames = claimNames(claims, settings.teamClaim);
    return {
      role: roleNames && (await flows.roleIdByName(roleNames)),
      teamIds: teamNames && (await flows.teamIdsByName(teamNames)),
    };
  }

  async function createUser(email: string, claims: OidcClaims, actor: Actor): Promise<UserWithRole | undefined> {
    const access = await claimedAccess(claims);
    const role = access.role ?? (await flows.roleIdByName([settings.defaultRole]));
    if (!role) return undefined;
    const name = (typeof claims.name === 'string' && claims.name.trim()) || email.split('@')[0];
    const firstName = (typeof claims.given_name === 'string' && claims.given_name.trim()) || name.split(/\s+/)[0];
    // No password anyone knows: the account signs in through the provider (or a reset, if password sign-in is on).
    const passwordHash = await hashPassword(generateToken());
    const id = await run(actor, async (uow) => {
      const created = await createUserRepository(uow.tx).create({ email, passwordHash, firstName: firstName.slice(0, 100), name: name.slice(0, 200), roleId: role.id });
      if (access.teamIds?.length) await createSsoRepository(uow.tx).setTeams(created, access.teamIds);
      await uow.audit({
        action: 'user.create',
        subjectType: 'user',
        subjectId: created,
        after: { email, name, role: role.name, team_ids: access.teamIds ?? [], source: 'sso' },
      });
      return created;
    });
    return users.findById(id);
  }

  /** The claims' role and teams replace the CRM's, when configured and known; the last full-access user keeps theirs. */
  async function syncAccess(user: UserWithRole, claims: OidcClaims, actor: Actor, log: Log): Promise<void> {
    const access = await claimedAccess(claims);
    const before = { role: user.role.name, team_ids: await flows.teamIdsOf(user.id) };
    await run(actor, async (uow) => {
      const repo = createSsoRepository(uow.tx);
      const after = { ...before };
      if (access.role && access.role.id !== user.role.id) {
        const keepsFullAccess = (await createRoleRepository(uow.tx).rulesForRole(access.role.id)).some((r) => r.action === 'manage' && r.subject === 'all');
        const allowed = keepsFullAccess || (await ensureAnotherAdmin(uow.tx, user.id).then(() => true, () => false));
        if (allowed) {
          await repo.setRole(user.id, access.role.id);
          after.role = access.role.name;
        } else {
          log.warn({ userId: user.id }, 'SSO role claim ignored: the user is the last one with full access');
        }
      }
      const teamIds = access.teamIds && [...new Set(access.teamIds)].sort((a, b) => a - b);
      if (teamIds && teamIds.join() !== before.team_ids.join()) {
        await repo.setTeams(user.id, teamIds);
        after.team_ids = teamIds;
      }
      if (after.role !== before.role || after.team_ids !== before.team_ids) {
        await uow.audit({ action: 'user.update', subjectType: 'user', subjectId: user.id, before, after: { ...after, source: 'sso' } });
      }
    });
  }

  return {
    /** A new flow for the browser holding `browserId`: where to send it. */
    async start(): Promise<{ browserId: string; url: string }> {
      const browserId = generateToken();
      const checks = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
      const url = await oidcClient.authorizationUrl(checks);
      await flows.startFlow({ browserId, ...checks, ttlSeconds: settings.flowTtlSeconds });
      return { browserId, url: url.toString() };
    },

    async callback(input: { browserId: string | undefined; query: URLSearchParams; ip: string; userAgent: string | null }, log: Log): Promise<SsoCallbackResult> {
      let email = '';
      let userId: number | null = null;
      const refuse = async (error: SsoErrorCode, detail?: string): Promise<SsoCallbackResult> => {
        await run({ id: userId, name: '', email, ip: input.ip }, async (uow) => {
          await createSignInAttemptRepository(uow.tx).record({ email, ip: input.ip, userId, userAgent: input.userAgent, succeeded: false, reason: `sso_${error}`, delayMs: 0 });
          await uow.audit({ action: 'auth.sign_in_failed', subjectType: userId ? 'user' : undefined, subjectId: userId ?? undefined, after: { reason: `sso_${error}`, method: 'sso' } });
        });
        log.info({ email, ip: input.ip, reason: error, detail }, 'Single sign-on refused');
        return { error };
      };

      const flow = input.browserId ? await flows.takeFlow(input.browserId) : undefined;
      if (!flow || input.query.get('state') !== flow.state) return refuse('state');
      if (flow.replayed) return refuse('code');
      if (input.query.has('error')) return refuse('failed', input.query.get('error') ?? undefined);

      let claims: OidcClaims;
      try {
        claims = await oidcClient.claims(input.query, flow);
      } catch (error) {
        if (error instanceof OidcAnswerRefused) {
          // A refused code is the user's (or a replayer's) doing; anything else may be a misconfigured provider.
          if (error.kind === 'failed') log.warn({ err: error }, 'Single sign-on: the provider\'s answer was not accepted');
          return refuse(error.kind, error.message);
        }
        log.warn({ err: error }, 'Single sign-on: the provider could not be reached');
        return refuse('failed');
      }
      email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      if (!email || claims.email_verified !== true) return refuse('unverified_email');

      const actor: Actor = { id: null, name: '', email, ip: input.ip };
      let user = await users.findByEmail(email);
      if (!user) {
        if (!settings.autoCreate) return refuse('unknown_user');
        // Two tabs signing the same new person in at once: the second finds the user the first created.
        user = await createUser(email, claims, actor).catch(async (error: unknown) => {
          if (postgresErrorCode(error) !== UNIQUE_VIOLATION) throw error;
          return users.findByEmail(email);
        });
        if (!user) {
          log.warn({ role: settings.defaultRole }, 'Single sign-on: OIDC_DEFAULT_ROLE names no role');
          return refuse('failed');
        }
      }
      userId = user.id;
      if (!user.active) return refuse('deactivated');
      if (settings.roleClaim || settings.teamClaim) await syncAccess(user, claims, { ...actor, id: user.id, name: user.name }, log);

      const handoff = generateToken();
      await flows.setHandoff(flow.id, { userId: user.id, code: handoff, ttlSeconds: settings.handoffTtlSeconds });
      return { handoff };
    },

    /** The SPA's one-time code becomes a session, once, within its minute; the user must still be active. */
    async exchange(input: { code: string; ip: string; userAgent: string | null }, log: Log): Promise<SignedIn> {
      const userId = await flows.spendHandoff(input.code);
      const user = userId === undefined ? undefined : await users.findById(userId);
      if (!user?.active) throw validationFailed({ code: [SSO_CODE_INVALID] }, SSO_CODE_INVALID);
      const actor: Actor = { id: user.id, name: user.name, email: user.email, ip: input.ip };
      const signedIn = await run(actor, async (uow) => {
        const accessToken = await createAuthRepository(uow.tx).createAccessToken(user.id, tokenTtlHours, { userAgent: input.userAgent, ip: input.ip });
        const userAbilityRules = await createRoleRepository(uow.tx).rulesForRole(user.role.id);
        await createSignInAttemptRepository(uow.tx).record({ email: user.email, ip: input.ip, userId: user.id, userAgent: input.userAgent, succeeded: true, reason: null, delayMs: 0 });
        await uow.audit({ action: 'auth.sign_in', subjectType: 'user', subjectId: user.id, after: { method: 'sso' } });
        return { accessToken, user, userAbilityRules };
      });
      log.info({ userId: user.id }, 'Signed in with single sign-on');
      return signedIn;
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
