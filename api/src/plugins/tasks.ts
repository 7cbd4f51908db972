import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { taskReminderJob } from '../jobs/task-reminder-job';
import { createTaskRepository, type TaskRepository } from '../repositories/task-repository';
import { createTaskService, type TaskService } from '../services/task-service';

declare module 'fastify' {
  interface FastifyInstance {
    taskRepository: TaskRepository;
    taskService: TaskService;
  }
}

/** Tasks and reminders (docs/decisions/074): the reminder queue and the use cases. */
async function tasksPlugin(app: FastifyInstance) {
  app.jobs.define(taskReminderJob(app));
  app.decorate('taskRepository', createTaskRepository(app.db));
  app.decorate('taskService', createTaskService(app.unitOfWork));
}

export const tasks = fp(tasksPlugin, { name: 'tasks', dependencies: ['database', 'jobs', 'services'] });
