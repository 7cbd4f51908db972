// No async boundary: every module the host shares and imports at start is an eager share, bundled into this entry
// script and registered before anything runs (tooling/webpack.base.cjs, docs/decisions/033). A `@crm/shared/…` subpath
// the shell starts to import must be added to HOST_EAGER_SHARED_SUBPATHS there, or the page fails at start with
// "Shared module is not available for eager consumption" (any e2e test shows it).
//
// The entry's modules are all in this one script, but they are evaluated in steps, each in a task of its own: as one
// evaluation they were the longest task of every page's start on a phone (about 0.7 s at 4× slower CPU, decision 081).
// `webpackMode: "eager"` keeps each step in this script (no request); the pause before it lets the browser in.
import { nextTask } from './next-task';

const steps = [
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import(/* webpackMode: "eager" */ 'styled-components'),
  () => import(/* webpackMode: "eager" */ '@crm/shared/schemas/mini'),
  () => import(/* webpackMode: "eager" */ '@crm/shared/ui'),
  () => import(/* webpackMode: "eager" */ './app/i18n'),
  () => import(/* webpackMode: "eager" */ './bootstrap'),
];

void steps.reduce<Promise<unknown>>((previous, step) => previous.then(nextTask).then(step), Promise.resolve());
