// No async boundary: every module the host shares and imports at start is an eager share, bundled into this entry
// script and registered before anything runs (tooling/webpack.base.cjs, docs/decisions/033). A `@crm/shared/…` subpath
// the shell starts to import must be added to HOST_EAGER_SHARED_SUBPATHS there, or the page fails at start with
// "Shared module is not available for eager consumption" (any e2e test shows it).
import './bootstrap';
