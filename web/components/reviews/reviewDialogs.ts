import { loadOnOpen } from '../../lib/loadOnOpen';
import { loadModalDialog } from '../ModalDialog';

// The reviews page's dialogs and drawer, each loaded the first time it opens: the page's first JavaScript is the
// table, the filters and the bulk bar. A dialog's overlay code (ModalDialog's) is fetched alongside, not after it.
const withModal = <T>(load: Promise<T>): Promise<T> =>
  Promise.all([load, loadModalDialog()]).then(([module]) => module);

export const MediaDialog = loadOnOpen(
  () => withModal(import('./MediaDialog')).then((module) => module.MediaDialog),
  (props) => props.review !== null,
);
export const ChangeStatusDialog = loadOnOpen(
  () => withModal(import('./ChangeStatusDialog')).then((module) => module.ChangeStatusDialog),
  (props) => props.review !== null,
);
export const DeleteReviewDialog = loadOnOpen(
  () => withModal(import('./DeleteReviewDialog')).then((module) => module.DeleteReviewDialog),
  (props) => props.review !== null,
);
export const BulkDeleteDialog = loadOnOpen(
  () => withModal(import('./bulk/BulkDeleteDialog')).then((module) => module.BulkDeleteDialog),
  (props) => props.count !== null,
);
export const ReviewDrawer = loadOnOpen(
  () => import('./details/ReviewDrawer').then((module) => module.ReviewDrawer),
  (props) => props.review !== null,
);
export const LimitModal = loadOnOpen(
  () => withModal(import('./LimitModal')).then((module) => module.LimitModal),
  (props) => props.limit !== null,
);
