export { AppProviders, type AppProvidersProps } from './app-providers';
export { LazyDateInput } from './lazy-date-input';
export { ListCard, type ListCardProps, NARROW_LIST_QUERY, useNarrowList } from './list-card';
export { ListPager, type ListPagerProps } from './list-pager';
export { MarkBadge, type MarkBadgeProps } from './mark-badge';
export { notify } from './notify';
export { PageTitle, type PageTitleProps } from './page-title';
export {
  BuildLabel,
  PlaceholderRoutes,
  type PlaceholderRoutesProps,
  type PlannedScreen,
  ScreenPlaceholder,
} from './screen-placeholder';
export { NotFoundPage, StatusPage, type StatusPageProps } from './status-page';
export { type FormSave, useFormSave } from './use-form-save';
export { useIdParam } from './use-id-param';
export { useListParams } from './use-list-params';
