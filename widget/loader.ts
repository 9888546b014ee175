// The per-store loader (`/widget/v1/{store_id}.js`, DESIGN §7). The server fills the four "%%…%%" string
// literals with JSON-encoded values; everything else lives in the content-hashed bundle.
const script = document.createElement('script');
script.async = true;
script.src = '%%BUNDLE%%';
script.dataset.store = '%%STORE%%';
script.dataset.api = '%%API%%';
script.dataset.form = '%%FORM%%';
document.head.appendChild(script);
