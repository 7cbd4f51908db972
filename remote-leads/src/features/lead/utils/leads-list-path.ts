/** Where the lead screens return to: after a save, a hand-over or a delete, and on Закрыть. */
export const LEADS_LIST_PATH = '/leads/list';
