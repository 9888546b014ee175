import { loadOnOpen } from '../../lib/loadOnOpen';

// The reviews page's dialogs and drawer, each loaded the first time it opens: the page's first JavaScript is the
// table, the filters and the bulk bar.
export const MediaDialog = loadOnOpen(
  () => import('./MediaDialog').then((module) => module.MediaDialog),
  (props) => props.review !== null,
);
export const ChangeStatusDialog = loadOnOpen(
  () => import('./ChangeStatusDialog').then((module) => module.ChangeStatusDialog),
  (props) => props.review !== null,
);
export const DeleteReviewDialog = loadOnOpen(
  () => import('./DeleteReviewDialog').then((module) => module.DeleteReviewDialog),
  (props) => props.review !== null,
);
export const BulkDeleteDialog = loadOnOpen(
  () => import('./bulk/BulkDeleteDialog').then((module) => module.BulkDeleteDialog),
  (props) => props.count !== null,
);
export const ReviewDrawer = loadOnOpen(
  () => import('./details/ReviewDrawer').then((module) => module.ReviewDrawer),
  (props) => props.review !== null,
);
export const LimitModal = loadOnOpen(
  () => import('./LimitModal').then((module) => module.LimitModal),
  (props) => props.limit !== null,
);
