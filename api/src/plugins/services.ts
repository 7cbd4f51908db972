import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAccountService, type AccountService } from '../services/account-service';
import { createAuthService, type AuthService } from '../services/auth-service';
import { createOidcClient } from '../lib/oidc-client';
import { createSsoService, SSO_CALLBACK_PATH, type SsoService } from '../services/sso-service';
import { createTwoFactorService, type TwoFactorService } from '../services/two-factor-service';
import { createCommentStepService, type CommentStepService } from '../services/comment-step-service';
import { createDocumentService, type DocumentService } from '../services/document-service';
import { createDomainEvents, type DomainEvents } from '../services/domain-events';
import { createLeadImportService, type LeadImportService } from '../services/lead-import-service';
import { createLeadService, type LeadService } from '../services/lead-service';
import { createLeadStatusService, type LeadStatusService } from '../services/lead-status-service';
import { createDocumentCategoryService, type DocumentCategoryService } from '../services/document-category-service';
import { createPermissionService, type PermissionService } from '../services/permission-service';
import { createRemoteService, type RemoteService } from '../services/remote-service';
import { createRoleService, type RoleService } from '../services/role-service';
import { createTeamService, type TeamService } from '../services/team-service';
import { createUnitOfWork, type RunUnitOfWork } from '../services/unit-of-work';
import { createUserService, type UserService } from '../services/user-service';
import { createWhiteIpService, type WhiteIpService } from '../services/white-ip-service';
import { subscribeNotifications } from '../subscribers/notification-subscriber';
import { subscribeRealtime } from '../subscribers/realtime-subscriber';

declare module 'fastify' {
  interface FastifyInstance {
    /** The domain event bus: services emit, subscribers (src/subscribers/) listen. */
    domainEvents: DomainEvents;
    /** Runs a use case in one transaction with its audit rows and events (src/services/unit-of-work.ts). */
    unitOfWork: RunUnitOfWork;
    accountService: AccountService;
    authService: AuthService;
    /** Single sign-on (decision 073); undefined unless OIDC_* are set. */
    ssoService: SsoService | undefined;
    leadService: LeadService;
    leadImportService: LeadImportService;
    leadStatusService: LeadStatusService;
    documentCategoryService: DocumentCategoryService;
    documentService: DocumentService;
    teamService: TeamService;
    roleService: RoleService;
    userService: UserService;
    commentStepService: CommentStepService;
    permissionService: PermissionService;
    whiteIpService: WhiteIpService;
    remoteService: RemoteService;
    twoFactorService: TwoFactorService;
  }
}

/** The use cases the routes call, and the subscribers that act on what they emit. */
async function servicesPlugin(app: FastifyInstance) {
  const events = createDomainEvents(app.log);
  const run = createUnitOfWork(app.db, events, app.log, app.jobs);
  app.decorate('domainEvents', events);
  app.decorate('unitOfWork', run);
  app.decorate('accountService', createAccountService(run, { db: app.db, fileStorage: app.fileStorage, log: app.log }));
  app.decorate(
    'authService',
    createAuthService(run, {
      db: app.db,
      jobs: app.jobs,
      limits: app.config.loginRateLimit,
      tokenTtlHours: app.config.tokenTtlHours,
      passwordSignIn: app.config.passwordSignIn,
      appUrl: app.config.appUrl,
    }),
  );
  const sso = app.config.sso;
  app.decorate(
    'ssoService',
    sso
      ? createSsoService(run, { db: app.db, settings: sso, oidcClient: createOidcClient(sso, `${app.config.appUrl}${SSO_CALLBACK_PATH}`), tokenTtlHours: app.config.tokenTtlHours })
      : undefined,
  );
  app.decorate('leadService', createLeadService(run, { db: app.db }));
  app.decorate(
    'leadImportService',
    createLeadImportService(run, { db: app.db, connection: app.dbConnection, storage: app.leadImportStorage, log: app.log }),
  );
  app.decorate('leadStatusService', createLeadStatusService(run));
  app.decorate('documentCategoryService', createDocumentCategoryService(run));
  app.decorate('documentService', createDocumentService(run, { fileStorage: app.fileStorage }));
  app.decorate('teamService', createTeamService(run));
  app.decorate('roleService', createRoleService(run));
  app.decorate('userService', createUserService(run));
  app.decorate('commentStepService', createCommentStepService(run));
  app.decorate('permissionService', createPermissionService(run));
  app.decorate('whiteIpService', createWhiteIpService(run, { reloadAllowList: () => app.ipAllowList.reload() }));
  app.decorate('remoteService', createRemoteService(run, { registry: app.remoteRegistry }));
  app.decorate('twoFactorService', createTwoFactorService(run, { db: app.db, appUrl: app.config.appUrl }));
  subscribeNotifications(app, events);
  subscribeRealtime(app, events);
  // Realtime hints still on their way go out before the publisher closes.
  app.addHook('preClose', () => events.settled());
}

export const services = fp(servicesPlugin, { name: 'services', dependencies: ['database', 'repositories', 'realtime', 'broadcasts', 'file-storage', 'ip-allow-list', 'jobs', 'remote-registry'] });
