import { loadOnOpen } from '../lib/loadOnOpen';
import type { ModalDialogProps } from './ModalDialogView';

export type { ModalDialogProps };

/** react-aria's overlay code (modal, focus trap, dismissal), for a dialog about to open. */
export const loadModalDialog = () => import('./ModalDialogView').then((module) => module.ModalDialogView);

/**
 * A centred modal dialog with a title (ModalDialogView). Its overlay code loads the first time a dialog opens, so no
 * page carries it in its first JavaScript.
 */
export const ModalDialog = loadOnOpen(loadModalDialog, (props: ModalDialogProps) => props.isOpen);
