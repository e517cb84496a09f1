// What both admin remotes need, written once.
import './admin-ui.css';

export { TextField, TextAreaField, SelectField, textAreaRows } from './fields';
export type { TextFieldProps, TextAreaFieldProps, SelectFieldProps } from './fields';
export { useUnsavedChangesGuard, UNSAVED_CHANGES_MESSAGE } from './useUnsavedChangesGuard';
export type { UnsavedChangesGuardOptions } from './useUnsavedChangesGuard';
export { DataTable, type Column, type DataTableProps } from './DataTable';
export { showSuccessToast, showErrorToast, dismissToast, type ToastOptions } from './toasts';
export { LinePlot, type LinePlotProps, type PlotSeries } from './LinePlot';
export { EditorFrame, type EditorFrameProps, type EditorMenuItem } from './EditorFrame';
export {
  createAdminQueryClient,
  type AdminQueryMeta,
  type AdminMutationMeta,
  type ToastMeta,
} from './queryClient';
export { Pager, type PagerProps } from './Pager';
export { QuestionPicker, type PickerOption, type QuestionPickerProps } from './QuestionPicker';
export { HistoryList, type HistoryListProps } from './HistoryList';
