import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSavedViewRepository, type SavedViewRepository } from '../repositories/saved-view-repository';
import { createSavedViewService, type SavedViewService } from '../services/saved-view-service';

declare module 'fastify' {
  interface FastifyInstance {
    savedViewRepository: SavedViewRepository;
    savedViewService: SavedViewService;
  }
}

/** Saved views of the leads list (docs/decisions/077). */
async function savedViewsPlugin(app: FastifyInstance) {
  app.decorate('savedViewRepository', createSavedViewRepository(app.db));
  app.decorate('savedViewService', createSavedViewService(app.unitOfWork));
}

export const savedViews = fp(savedViewsPlugin, { name: 'saved-views', dependencies: ['database', 'services'] });
