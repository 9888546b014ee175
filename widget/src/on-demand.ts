import './form/index.js';
import './questions/index.js';
import { openModal } from './modal.js';
import { openSort } from './sort-list.js';

// The on-demand chunk (`data-form`): the review player, the submission form, the Questions panel and the sort control's
// listbox. The initial bundle loads it on the shopper's first pointer or focus on the widget, so it is usually there
// by the first click.

window.__vrModal = openModal;
window.__vrSort = openSort;
