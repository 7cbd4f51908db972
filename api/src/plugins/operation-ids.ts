/**
 * OpenAPI `operationId`s, so that a client generated from /api/docs/json has readable method names. Plain REST shapes
 * get theirs from the method and path (`GET /api/leads/{id}` is `getLead`); routes the spec names otherwise (actions,
 * singular collections, GET that changes something) are listed here by hand.
 */
const IRREGULAR: Record<string, string> = {
  'GET /api/health': 'checkHealth',
  'GET /api/ready': 'checkReadiness',
  'POST /api/auth/login': 'login',
  'POST /api/auth/logout': 'logout',
  'GET /api/auth/me': 'getMe',
  'POST /api/auth/forgot-password': 'requestPasswordReset',
  'POST /api/auth/reset-password': 'resetPassword',
  'POST /api/auth/change-password': 'changePassword',
  'GET /api/auth/oidc/start': 'startSingleSignOn',
  'GET /api/auth/oidc/callback': 'finishSingleSignOn',
  'POST /api/auth/oidc/exchange': 'exchangeSingleSignOnCode',
  'POST /api/auth/login/two-factor': 'completeTwoFactorLogin',
  'POST /api/auth/login/two-factor/setup': 'startTwoFactorSetupAtLogin',
  'POST /api/auth/login/two-factor/confirm': 'confirmTwoFactorSetupAtLogin',
  'GET /api/users/list': 'searchUsers',
  'POST /api/users/{id}/status': 'setUserStatus',
  'POST /api/users/{id}/password-reset': 'forceUserPasswordReset',
  'DELETE /api/users/{id}/two-factor': 'resetUserTwoFactor',
  'GET /api/search': 'search',
  'GET /api/me/profile': 'getProfile',
  'PATCH /api/me/profile': 'updateProfile',
  'POST /api/me/avatar': 'uploadAvatar',
  'DELETE /api/me/avatar': 'deleteAvatar',
  'GET /api/me/sessions': 'listSessions',
  'POST /api/me/sessions/revoke-others': 'revokeOtherSessions',
  'DELETE /api/me/sessions/{id}': 'revokeSession',
  'GET /api/me/shortcuts': 'getShortcuts',
  'PUT /api/me/shortcuts': 'replaceShortcuts',
  'GET /api/me/api-keys': 'listApiKeys',
  'POST /api/me/api-keys': 'createApiKey',
  'DELETE /api/me/api-keys/{id}': 'revokeApiKey',
  'GET /api/me/two-factor': 'getTwoFactorStatus',
  'POST /api/me/two-factor/setup': 'startTwoFactorSetup',
  'POST /api/me/two-factor/confirm': 'confirmTwoFactorSetup',
  'POST /api/me/two-factor/recovery-codes': 'regenerateRecoveryCodes',
  'POST /api/me/two-factor/disable': 'disableTwoFactor',
  'GET /api/roles/options': 'listRoleOptions',
  'GET /api/lead-status': 'listLeadStatuses',
  'POST /api/lead-status/reorder': 'reorderLeadStatuses',
  'DELETE /api/lead-status/{id}/delete': 'deleteLeadStatus',
  'GET /api/leads/phone-duplicates': 'listLeadPhoneDuplicates',
  'GET /api/leads/duplicates': 'listPossibleDuplicateLeads',
  'POST /api/leads/merge': 'mergeLeads',
  'POST /api/leads/bulk': 'bulkUpdateLeads',
  'GET /api/leads/assignees': 'listLeadAssignees',
  'GET /api/leads/favorite/{id}': 'toggleLeadFavorite',
  'POST /api/leads/status/{id}': 'setLeadStatus',
  'GET /api/leads/{id}/assign/{userId}': 'assignLead',
  'GET /api/leads/export': 'exportLeads',
  'POST /api/leads/import/preview': 'previewLeadImport',
  'POST /api/leads/import': 'startLeadImport',
  'GET /api/leads/import/{id}': 'getLeadImport',
  'GET /api/leads/import/{id}/report': 'getLeadImportReport',
  'POST /api/upload': 'uploadImage',
  'GET /api/document-category': 'listDocumentCategories',
  'POST /api/document-category/reorder': 'reorderDocumentCategories',
  'GET /api/document': 'listDocuments',
  'POST /api/document/add-media': 'addDocumentMedia',
  'GET /api/document/remove-media/{fileId}': 'removeDocumentMedia',
  'GET /api/files/{key}/{name}': 'getDocumentFile',
  'PUT /api/comment-steps/order': 'reorderCommentSteps',
  'POST /api/broadcasting/auth': 'authorizeChannel',
  'POST /api/broadcasting/user-auth': 'signInRealtime',
  'POST /broadcasting/user-auth': 'signInRealtimeOutsideApi',
  'GET /api/realtime/config': 'getRealtimeConfig',
  'GET /api/notifications/unread-count': 'countUnreadNotifications',
  'POST /api/notifications/read-all': 'markAllNotificationsRead',
  'POST /api/notifications/{id}/read': 'markNotificationRead',
  'GET /api/monitoring/config': 'getMonitoringConfig',
  'GET /api/tasks/summary': 'getTaskSummary',
  'GET /api/account/calendar-token': 'getCalendarFeedState',
  'POST /api/account/calendar-token': 'createCalendarFeed',
  'DELETE /api/account/calendar-token': 'revokeCalendarFeed',
  'GET /api/tasks/calendar/{file}': 'getTaskCalendarFeed',
  'GET /build/remotes.json': 'getRemotesManifest',
  'GET /build/web-config.json': 'getWebConfig',
};

const pascal = (segment: string) =>
  segment
    .split('-')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
const singular = (segment: string) => (/(ss|us)$/.test(segment) ? segment : segment.replace(/ies$/, 'y').replace(/s$/, ''));
const isParam = (segment: string | undefined) => segment !== undefined && segment.startsWith('{');

const ITEM_VERBS: Record<string, string> = { GET: 'get', PUT: 'update', PATCH: 'update', POST: 'update', DELETE: 'delete' };

/**
 * The operationId of a route, given its method and OpenAPI path (`{id}` parameters); undefined for a path that is
 * neither listed nor a REST shape (`/res`, `/res/{id}`, `/res/{id}/sub`, `/res/{id}/sub/{subId}`) — the OpenAPI lint test
 * names it.
 */
export function operationIdFor(method: string, path: string): string | undefined {
  const irregular = IRREGULAR[`${method} ${path}`];
  if (irregular) return irregular;
  if (!path.startsWith('/api/')) return undefined;
  const [resource, id, sub, subId, ...rest] = path.slice('/api/'.length).split('/');
  if (!resource || isParam(resource) || rest.length > 0) return undefined;
  if (id === undefined) {
    if (method === 'GET') return `list${pascal(resource)}`;
    if (method === 'POST') return `create${pascal(singular(resource))}`;
    return undefined;
  }
  if (!isParam(id)) return undefined;
  const owner = pascal(singular(resource));
  if (sub === undefined) return ITEM_VERBS[method] && `${ITEM_VERBS[method]}${owner}`;
  if (isParam(sub)) return undefined;
  if (subId === undefined) {
    if (method === 'GET') return `list${owner}${pascal(sub)}`;
    if (method === 'POST') return `create${owner}${pascal(singular(sub))}`;
    return undefined;
  }
  if (!isParam(subId)) return undefined;
  return ITEM_VERBS[method] && `${ITEM_VERBS[method]}${owner}${pascal(singular(sub))}`;
}
