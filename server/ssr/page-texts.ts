import { PAGE_TEXTS_ELEMENT_ID } from '../../shared/constants.js';

/**
 * A page's texts (the shell's and its areas', in its language) as a JSON data block, the bytes made once per such
 * texts: the server render holds one object per language and set of areas (web/i18n serverMessagesOf). They were
 * the most of vike's page state (20 kB of the reviews page's 36), which vike serializes and splices into the page on
 * every render. The browser parses the block to hydrate (web/pages/+onBeforeRenderClient.ts). A data block runs no
 * script, so it needs no nonce; every `<` is escaped, so no text can end the element early.
 */
export class PageTexts {
  private readonly scripts = new WeakMap<object, Buffer>();

  script(messages: object): Buffer {
    let script = this.scripts.get(messages);
    if (script === undefined) {
      const json = JSON.stringify(messages).replace(/</g, '\\u003c');
      script = Buffer.from(`<script id="${PAGE_TEXTS_ELEMENT_ID}" type="application/json">${json}</script>`);
      this.scripts.set(messages, script);
    }
    return script;
  }
}
