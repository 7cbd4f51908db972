// Federation module ./add-step-drawer: the child route /comment-step/list/AddStepDrawer.
export { AddStepDrawer as default } from '../../features/comment-steps/components/add-step-drawer';
