// Federation module ./comment-step-list-page (/comment-step/list); the host mounts ./add-step-drawer as its child route.
export { CommentStepListPage as default } from '../../features/comment-steps/components/comment-step-list-page';
