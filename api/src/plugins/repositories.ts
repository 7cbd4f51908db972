import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AuthRepository, createAuthRepository } from '../repositories/auth-repository';
import { type CommentStepRepository, createCommentStepRepository } from '../repositories/comment-step-repository';
import { createDocumentCategoryRepository, type DocumentCategoryRepository } from '../repositories/document-category-repository';
import { createHealthRepository, type HealthRepository } from '../repositories/health-repository';
import { createLeadCommentRepository, type LeadCommentRepository } from '../repositories/lead-comment-repository';
import { createLeadHistoryRepository, type LeadHistoryRepository } from '../repositories/lead-history-repository';
import { createLeadImportRepository, type LeadImportRepository } from '../repositories/lead-import-repository';
import { createLeadRepository, type LeadRepository } from '../repositories/lead-repository';
import { createLeadScope } from '../repositories/lead-scope';
import { createLeadStatusRepository, type LeadStatusRepository } from '../repositories/lead-status-repository';
import { createRoleRepository, type RoleRepository } from '../repositories/role-repository';
import { createSignInAttemptRepository, type SignInAttemptRepository } from '../repositories/sign-in-attempt-repository';
import { createUserRepository, type UserRepository } from '../repositories/user-repository';

declare module 'fastify' {
  interface FastifyInstance {
    authRepository: AuthRepository;
    userRepository: UserRepository;
    roleRepository: RoleRepository;
    leadStatusRepository: LeadStatusRepository;
    leadRepository: LeadRepository;
    leadCommentRepository: LeadCommentRepository;
    leadHistoryRepository: LeadHistoryRepository;
    leadImportRepository: LeadImportRepository;
    documentCategoryRepository: DocumentCategoryRepository;
    commentStepRepository: CommentStepRepository;
    healthRepository: HealthRepository;
    signInAttemptRepository: SignInAttemptRepository;
  }
}

/** Every query lives in a repository; routes reach them through these decorators. */
async function repositoriesPlugin(app: FastifyInstance) {
  const { db } = app;
  app.decorate('authRepository', createAuthRepository(db));
  app.decorate('userRepository', createUserRepository(db));
  app.decorate('roleRepository', createRoleRepository(db));
  app.decorate('leadStatusRepository', createLeadStatusRepository(db));
  // One visibility rule for every lead query: out of scope answers 404 wherever a lead is named.
  const scope = createLeadScope(db);
  app.decorate('leadRepository', createLeadRepository(db, { scope }));
  app.decorate('leadCommentRepository', createLeadCommentRepository(db, scope));
  app.decorate('leadHistoryRepository', createLeadHistoryRepository(db, scope));
  app.decorate('leadImportRepository', createLeadImportRepository(db, scope));
  app.decorate('documentCategoryRepository', createDocumentCategoryRepository(db));
  app.decorate('commentStepRepository', createCommentStepRepository(db));
  app.decorate('healthRepository', createHealthRepository(db));
  app.decorate('signInAttemptRepository', createSignInAttemptRepository(db));
}

export const repositories = fp(repositoriesPlugin, { name: 'repositories', dependencies: ['database'] });
