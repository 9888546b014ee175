// The per-store loader (`/widget/v1/{store_id}.js`, DESIGN §7). The server fills the five "%%…%%" string
// literals with JSON-encoded values (the version: the store's data version, or empty); everything else lives in the
// content-hashed bundle.
const script = document.createElement('script');
script.async = true;
script.src = '%%BUNDLE%%';
script.dataset.store = '%%STORE%%';
script.dataset.api = '%%API%%';
script.dataset.form = '%%FORM%%';
script.dataset.version = '%%VERSION%%';
document.head.appendChild(script);
