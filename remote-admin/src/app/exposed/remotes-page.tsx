// Federation module ./remotes-page (/admin/remotes): the remote registry, behind `manage remotes`.
export { RemotesPage as default } from '../../features/remotes/components/remotes-page';
