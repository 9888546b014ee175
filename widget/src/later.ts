import { h } from './dom.js';

let src = '';
let loading: Promise<void> | undefined;

/** Where the on-demand chunk (player and form) is: the bundle's `data-form`. */
export function chunkAt(url: string): void {
  src = url;
}

/** Loads the on-demand chunk once (again after a failure). */
export function later(): Promise<void> {
  loading ||= new Promise<void>((resolve, reject) => {
    const element = h('script');
    element.async = true;
    element.src = src;
    element.onload = () => resolve();
    element.onerror = () => {
      loading = undefined;
      element.remove();
      reject(new Error('The review player and form did not load.'));
    };
    document.head.appendChild(element);
  });
  return loading;
}
