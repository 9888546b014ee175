import { h } from './dom.js';

let src = '';
const loading: Record<string, Promise<void> | undefined> = {};

/** Where the on-demand chunk (player and form) is: the bundle's `data-form`. */
export function chunkAt(url: string): void {
  src = url;
}

/** Loads a chunk once (again after a failure): by default the on-demand chunk. */
export function later(url = src): Promise<void> {
  return (loading[url] ||= new Promise<void>((resolve, reject) => {
    const element = h('script');
    element.async = true;
    element.src = url;
    element.onload = () => resolve();
    element.onerror = () => {
      loading[url] = undefined;
      element.remove();
      reject(new Error(url + ' did not load.'));
    };
    document.head.appendChild(element);
  }));
}
