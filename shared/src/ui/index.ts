export { AppProviders, type AppProvidersProps } from './app-providers';
export { BuildLabel } from './build-label';
export { EditorModal, type EditorModalProps, type ItemEditor, useItemEditor } from './editor-modal';
export { type CheckedImportRow, ImportCheckTable, type ImportCheckTableProps } from './import-check-table';
export { ItemsTable, type ItemsTableProps, RowActions, type RowActionsProps } from './items-table';
export { LazyDateInput } from './lazy-date-input';
export { lazyPage, PageSuspense } from './lazy-page';
export { ListCard, type ListCardProps, NARROW_LIST_QUERY, useNarrowList } from './list-card';
export { ListPager, type ListPagerProps, paginationControlProps } from './list-pager';
export { ListSearch, type ListSearchProps } from './list-search';
export { ListTable, type ListTableProps } from './list-table';
export { FinalMarkBadge, type FinalMarkBadgeProps, MarkBadge, type MarkBadgeProps } from './mark-badge';
export { MissingFinalMarksList, type MissingFinalMarksListProps } from './missing-final-marks';
export { notify } from './notify';
export { PageTitle, type PageTitleProps } from './page-title';
export { type PersonNameField, PersonNameFields, type PersonNameFieldsProps } from './person-name-fields';
export {
  type PagedQueryLike,
  PagedQueryView,
  type PagedQueryViewProps,
  type QueryLike,
  QueryView,
  type QueryViewProps,
} from './query-view';
export { SaveForm, type SaveFormProps } from './save-form';
export { NotFoundPage, StatusPage, type StatusPageProps } from './status-page';
export { type FormSave, useFormSave } from './use-form-save';
export { useIdParam } from './use-id-param';
export { useListParams } from './use-list-params';
export { useMedia } from './use-media';
export { useRevealInSlices } from './use-reveal-in-slices';
