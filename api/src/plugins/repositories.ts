import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AuthRepository, createAuthRepository } from '../repositories/auth-repository';
import { type CommentStepRepository, createCommentStepRepository } from '../repositories/comment-step-repository';
import { createDocumentCategoryRepository, type DocumentCategoryRepository } from '../repositories/document-category-repository';
import { createHealthRepository, type HealthRepository } from '../repositories/health-repository';
import { createLeadRepository, type LeadRepository } from '../repositories/lead-repository';
import { createLeadStatusRepository, type LeadStatusRepository } from '../repositories/lead-status-repository';
import { createRoleRepository, type RoleRepository } from '../repositories/role-repository';
import { createUserRepository, type UserRepository } from '../repositories/user-repository';

declare module 'fastify' {
  interface FastifyInstance {
    authRepository: AuthRepository;
    userRepository: UserRepository;
    roleRepository: RoleRepository;
    leadStatusRepository: LeadStatusRepository;
    leadRepository: LeadRepository;
    documentCategoryRepository: DocumentCategoryRepository;
    commentStepRepository: CommentStepRepository;
    healthRepository: HealthRepository;
  }
}

/** Every query lives in a repository; routes reach them through these decorators. */
async function repositoriesPlugin(app: FastifyInstance) {
  const { db } = app;
  app.decorate('authRepository', createAuthRepository(db));
  app.decorate('userRepository', createUserRepository(db));
  app.decorate('roleRepository', createRoleRepository(db));
  app.decorate('leadStatusRepository', createLeadStatusRepository(db));
  app.decorate('leadRepository', createLeadRepository(db));
  app.decorate('documentCategoryRepository', createDocumentCategoryRepository(db));
  app.decorate('commentStepRepository', createCommentStepRepository(db));
  app.decorate('healthRepository', createHealthRepository(db));
}

export const repositories = fp(repositoriesPlugin, { name: 'repositories', dependencies: ['database'] });
