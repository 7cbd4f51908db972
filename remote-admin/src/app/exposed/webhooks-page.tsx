// Federation module ./webhooks-page (/admin/webhooks): outgoing webhooks, behind `manage webhooks`.
export { WebhooksPage as default } from '../../features/webhooks/components/webhooks-page';
