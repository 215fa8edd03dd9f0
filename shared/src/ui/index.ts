export { AppProviders } from './app-providers';
export { notify } from './notify';
export { PageTitle, type PageTitleProps } from './page-title';
export {
  PlaceholderRoutes,
  type PlaceholderRoutesProps,
  type PlannedScreen,
  ScreenPlaceholder,
} from './screen-placeholder';
export { NotFoundPage, StatusPage, type StatusPageProps } from './status-page';
