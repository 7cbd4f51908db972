import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AuthRepository, createAuthRepository } from '../repositories/auth-repository';
import { type CommentStepRepository, createCommentStepRepository } from '../repositories/comment-step-repository';
import { createDashboardRepository, type DashboardRepository } from '../repositories/dashboard-repository';
import { createDocumentRepository, type DocumentRepository } from '../repositories/document-repository';
import { createDocumentCategoryRepository, type DocumentCategoryRepository } from '../repositories/document-category-repository';
import { createHealthRepository, type HealthRepository } from '../repositories/health-repository';
import { createLeadCommentRepository, type LeadCommentRepository } from '../repositories/lead-comment-repository';
import { createLeadHistoryRepository, type LeadHistoryRepository } from '../repositories/lead-history-repository';
import { createLeadMergeRepository, type LeadMergeRepository } from '../repositories/lead-merge-repository';
import { createBulkTransactions } from '../db/bulk-copy';
import { createLeadImportRepository, type LeadImportRepository, type LeadImportStorage } from '../repositories/lead-import-repository';
import { createLeadAssigneeRepository, type LeadAssigneeRepository } from '../repositories/lead-assignee-repository';
import { createLeadBulkRepository, type LeadBulkRepository } from '../repositories/lead-bulk-repository';
import { createLeadCommandRepository, type LeadCommandRepository } from '../repositories/lead-command-repository';
import { createLeadExportRepository, type LeadExportRepository } from '../repositories/lead-export-repository';
import { createLeadQueryRepository, type LeadQueryRepository } from '../repositories/lead-query-repository';
import { createLeadReferenceRepository, type LeadReferenceRepository } from '../repositories/lead-reference-repository';
import { createLeadSeedRepository, type LeadSeedRepository } from '../repositories/lead-seed-repository';
import { createLeadScope } from '../repositories/lead-scope';
import { createNotificationRepository, type NotificationRepository } from '../repositories/notification-repository';
import { createLeadStatusRepository, type LeadStatusRepository } from '../repositories/lead-status-repository';
import { createRoleRepository, type RoleRepository } from '../repositories/role-repository';
import { createTeamRepository, type TeamRepository } from '../repositories/team-repository';
import { createSearchRepository, type SearchRepository } from '../repositories/search-repository';
import { createSignInAttemptRepository, type SignInAttemptRepository } from '../repositories/sign-in-attempt-repository';
import { createUserRepository, type UserRepository } from '../repositories/user-repository';

declare module 'fastify' {
  interface FastifyInstance {
    authRepository: AuthRepository;
    userRepository: UserRepository;
    roleRepository: RoleRepository;
    teamRepository: TeamRepository;
    dashboardRepository: DashboardRepository;
    leadStatusRepository: LeadStatusRepository;
    leadQueryRepository: LeadQueryRepository;
    leadReferenceRepository: LeadReferenceRepository;
    leadCommandRepository: LeadCommandRepository;
    leadBulkRepository: LeadBulkRepository;
    leadAssigneeRepository: LeadAssigneeRepository;
    leadExportRepository: LeadExportRepository;
    /** Straight inserts for the demo seed, tests and benchmarks. */
    leadSeedRepository: LeadSeedRepository;
    leadCommentRepository: LeadCommentRepository;
    leadHistoryRepository: LeadHistoryRepository;
    leadMergeRepository: LeadMergeRepository;
    leadImportRepository: LeadImportRepository;
    /** Where import files wait and how imports COPY (the import use cases build their repository on it). */
    leadImportStorage: LeadImportStorage;
    documentCategoryRepository: DocumentCategoryRepository;
    documentRepository: DocumentRepository;
    commentStepRepository: CommentStepRepository;
    healthRepository: HealthRepository;
    signInAttemptRepository: SignInAttemptRepository;
    notificationRepository: NotificationRepository;
    searchRepository: SearchRepository;
  }
}

/** Every query lives in a repository; routes reach them through these decorators. */
async function repositoriesPlugin(app: FastifyInstance) {
  const { db } = app;
  app.decorate('authRepository', createAuthRepository(db));
  app.decorate('userRepository', createUserRepository(db));
  app.decorate('roleRepository', createRoleRepository(db));
  app.decorate('teamRepository', createTeamRepository(db));
  app.decorate('dashboardRepository', createDashboardRepository(db));
  app.decorate('leadStatusRepository', createLeadStatusRepository(db));
  // One visibility rule for every lead query: out of scope answers 404 wherever a lead is named.
  const scope = createLeadScope(db);
  app.decorate('leadQueryRepository', createLeadQueryRepository(db, { scope }));
  app.decorate('leadReferenceRepository', createLeadReferenceRepository(db));
  app.decorate('leadCommandRepository', createLeadCommandRepository(db, { scope }));
  app.decorate('leadBulkRepository', createLeadBulkRepository(db, { scope }));
  app.decorate('leadAssigneeRepository', createLeadAssigneeRepository(db));
  app.decorate('leadExportRepository', createLeadExportRepository(db, { scope }));
  app.decorate('leadSeedRepository', createLeadSeedRepository(db));
  app.decorate('leadCommentRepository', createLeadCommentRepository(db, scope));
  app.decorate('leadHistoryRepository', createLeadHistoryRepository(db, scope));
  app.decorate('leadMergeRepository', createLeadMergeRepository(db, scope));
  const leadImportStorage: LeadImportStorage = {
    bulk: createBulkTransactions(app.dbConnection),
    // An uploaded file waits in the file storage, which every instance shares (docs/decisions/055).
    files: app.fileStorage,
    legacyFileDir: app.dbConnection.driver === 'pglite' ? path.join(app.config.dataDir, 'lead-imports') : undefined,
  };
  app.decorate('leadImportStorage', leadImportStorage);
  app.decorate('leadImportRepository', createLeadImportRepository(db, scope, leadImportStorage));
  app.decorate('documentCategoryRepository', createDocumentCategoryRepository(db));
  const documentRepository = createDocumentRepository(db);
  app.decorate('documentRepository', documentRepository);
  app.decorate('commentStepRepository', createCommentStepRepository(db));
  app.decorate('healthRepository', createHealthRepository(db));
  app.decorate('signInAttemptRepository', createSignInAttemptRepository(db));
  app.decorate('notificationRepository', createNotificationRepository(db));
  app.decorate('searchRepository', createSearchRepository(db, { scope, documents: documentRepository }));
}

export const repositories = fp(repositoriesPlugin, { name: 'repositories', dependencies: ['database', 'file-storage'] });
