import { z } from 'zod/mini';

/** A user as listed by GET /api/users and returned as `userData`. */
export const userSchema = z.object({
  id: z.number().check(z.int()),
  first_name: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  avatar: z.nullable(z.string()),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/users: a user as pickers list them; a deactivated one is still named on leads but cannot be given new ones. */
export const listedUserSchema = z.extend(userSchema, { active: z.boolean() });
export type ListedUser = z.infer<typeof listedUserSchema>;
