// The explorer page served at GET /__explorer: one self-contained HTML document (inline CSS and
// script, no outside asset, like the docs site), which reads everything it shows from the control
// API (GET /__control/wallets, orders, lend, transactions, journal, journal.har, history, upstream)
// every two seconds. It keeps no state of its own but what the user opened or selected. When the
// control API answers 401 it asks for the control key, keeps it for the tab (sessionStorage) and
// sends it in `x-control-key`.

const STYLE = `
:root { --primary: #3b4fd8; --text: #1f2328; --muted: #5b6470; --line: #e4e6eb; --side: #f6f7f9; --ok: #1a7f37; --bad: #cf222e; --warn: #9a6700;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--text); background: #fff; display: flex; min-height: 100vh; }
nav { width: 220px; flex: none; background: var(--side); border-right: 1px solid var(--line); padding: 16px 0; position: sticky; top: 0; height: 100vh; }
nav h1 { font-size: 15px; margin: 0 16px 4px; }
nav p { margin: 0 16px 12px; color: var(--muted); font-size: 12px; }
nav a { display: block; padding: 6px 16px; color: var(--text); text-decoration: none; }
nav a:hover { background: #eceef2; }
main { flex: 1; padding: 20px 28px 60px; max-width: 1200px; min-width: 0; }
section { margin-bottom: 32px; }
h2 { font-size: 18px; margin: 0 0 4px; }
.hint { color: var(--muted); margin: 0 0 12px; font-size: 13px; }
.empty { color: var(--muted); font-style: italic; padding: 12px; border: 1px dashed var(--line); border-radius: 6px; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 600; font-size: 12px; text-transform: uppercase; letter-spacing: .02em; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
code, .mono { font-family: var(--mono); font-size: 12px; }
.mono, td.num, .nowrap { white-space: nowrap; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); gap: 12px; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; }
.card h3 { margin: 0 0 6px; font-size: 14px; display: flex; justify-content: space-between; gap: 8px; }
.total { color: var(--primary); font-variant-numeric: tabular-nums; }
.badge { display: inline-block; padding: 0 8px; border-radius: 10px; font-size: 12px; background: #eef0f4; }
.badge.ok { background: #dafbe1; color: var(--ok); } .badge.bad { background: #ffebe9; color: var(--bad); } .badge.warn { background: #fff8c5; color: var(--warn); }
.stats { display: flex; flex-wrap: wrap; gap: 12px; }
.stat { border: 1px solid var(--line); border-radius: 8px; padding: 8px 14px; min-width: 120px; }
.stat b { display: block; font-size: 20px; font-variant-numeric: tabular-nums; }
.stat span { color: var(--muted); font-size: 12px; }
tr.entry { cursor: pointer; } tr.entry:hover { background: #f6f8fa; } tr.open { background: #eef1fd; }
pre { background: #f6f8fa; border: 1px solid var(--line); border-radius: 6px; padding: 8px; overflow: auto; max-height: 320px; margin: 4px 0; white-space: pre-wrap; word-break: break-all; }
button { font: inherit; padding: 4px 12px; border: 1px solid var(--primary); border-radius: 6px; background: var(--primary); color: #fff; cursor: pointer; }
button.plain { background: #fff; color: var(--primary); }
button:disabled { opacity: .5; cursor: default; }
#keyform { display: none; border: 1px solid var(--warn); background: #fff8c5; padding: 12px; border-radius: 8px; margin-bottom: 16px; }
#keyform input { font: inherit; padding: 4px 8px; width: 280px; }
#status { font-size: 12px; color: var(--muted); margin: 0 16px; }
svg text { font-size: 11px; fill: var(--muted); }
.legend span { display: inline-flex; align-items: center; gap: 4px; margin-right: 14px; font-size: 12px; }
.legend i { width: 12px; height: 3px; display: inline-block; }
`;

const SCRIPT = `
'use strict';
const KEY_STORE = 'x-mock-control-key';
const COLORS = ['#3b4fd8', '#1a7f37', '#cf222e', '#9a6700', '#8250df', '#0a7ea4', '#bc4c00', '#57606a'];
const state = { open: null, selected: new Set(), data: {} };
const $ = (id) => document.getElementById(id);
const esc = (v) => String(v).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const short = (a) => (a && a.length > 12 ? a.slice(0, 4) + '…' + a.slice(-4) : a || '');
const addr = (a) => '<span class="mono" title="' + esc(a) + '">' + esc(short(a)) + '</span>';
const usd = (n) => (n === null || n === undefined ? '—' : '$' + Number(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const num = (n, d) => Number(n).toLocaleString('en-US', { maximumFractionDigits: d === undefined ? 6 : d });
const amount = (t) => (t ? (t.uiAmount === null ? esc(t.amount) + ' units of ' + addr(t.mint) : esc(num(t.uiAmount)) + ' ' + esc(t.symbol)) : '—');
const empty = (text) => '<div class="empty">' + esc(text) + '</div>';
const badge = (s) => {
  const k = /^(filled|completed|success|closed)$/i.test(s) ? 'ok' : /^(cancelled|expired|failed|open)$/i.test(s) ? (/open/i.test(s) ? 'warn' : 'bad') : '';
  return '<span class="badge ' + k + '">' + esc(s) + '</span>';
};

async function get(path) {
  const headers = {};
  const key = sessionStorage.getItem(KEY_STORE);
  if (key) headers['x-control-key'] = key;
  const res = await fetch('/__control/' + path, { headers });
  if (res.status === 401) { $('keyform').style.display = 'block'; throw new Error('control key required'); }
  if (!res.ok) throw new Error(path + ': ' + res.status);
  return res;
}

function renderWallets(d) {
  const w = d.wallets;
  $('prices').innerHTML = d.prices.map((p) => '<div class="stat"><b>' + usd(p.usd) + '</b><span>' + esc(p.symbol) + '</span></div>').join('');
  $('source').textContent = d.source === 'local' ? 'the simulator\\'s own prices' : d.source === 'upstream' ? 'live prices learnt from the upstream' : 'prices from the replayed recording';
  if (w.length === 0) { $('wallets').innerHTML = empty('No wallet has done anything yet. Balances show here once a wallet swaps, places an order or gets a balance set.'); return; }
  $('wallets').innerHTML = '<div class="cards">' + w.map((x) =>
    '<div class="card" data-wallet="' + esc(x.wallet) + '"><h3>' + addr(x.wallet) + '<span class="total">' + usd(x.totalUsd) + '</span></h3><table><tr><th>Token</th><th class="num">Balance</th><th class="num">Value</th></tr>' +
    x.balances.map((b) => '<tr><td>' + esc(b.symbol) + '</td><td class="num" data-token="' + esc(b.symbol) + '">' + esc(num(b.uiAmount)) + '</td><td class="num">' + usd(b.usdValue) + '</td></tr>').join('') +
    '</table></div>').join('') + '</div>';
}

function renderOrders(d) {
  if (d.orders.length === 0) { $('orders').innerHTML = empty('No trigger order yet (trigger v1 or v2).'); return; }
  $('orders').innerHTML = '<table><tr><th>Order</th><th>Kind</th><th>Wallet</th><th>State</th><th class="num">Sells</th><th class="num">Filled</th><th class="num">Received / asks</th><th>Trigger</th><th>Updated (UTC)</th></tr>' +
    d.orders.map((o) => {
      const filled = o.version === 'v1' ? amount(o.filledInput) : esc(o.fillPercent) + '%';
      const trig = o.version === 'v2' && o.trigger ? esc(o.trigger.symbol || '') + ' ' + esc(o.trigger.condition || '') + ' ' + (o.trigger.priceUsd !== null ? usd(o.trigger.priceUsd) : [o.trigger.takeProfitUsd, o.trigger.stopLossUsd].filter((v) => v !== null).map(usd).join(' / ')) : '—';
      return '<tr data-order="' + esc(o.id) + '"><td>' + addr(o.id) + '</td><td class="nowrap">' + esc(o.version) + (o.type ? ' ' + esc(o.type) : ' limit') + '</td><td>' + addr(o.wallet) + '</td><td class="state">' + badge(o.state) + '</td><td class="num">' + amount(o.input) + '</td><td class="num">' + filled + '</td><td class="num">' + amount(o.output) + '</td><td>' + trig + '</td><td class="nowrap" title="' + esc(o.updatedAt) + '">' + esc(o.updatedAt.slice(11, 19)) + '</td></tr>';
    }).join('') + '</table>';
}

function renderLend(d) {
  const pos = d.positions.length === 0 ? empty('No lend position yet.') :
    '<table><tr><th>Position</th><th>Owner</th><th>Vault</th><th class="num">Collateral</th><th class="num">Debt</th></tr>' +
    d.positions.map((p) => '<tr data-position="' + esc(p.nftId) + '"><td>#' + esc(p.nftId) + '</td><td>' + addr(p.owner) + '</td><td>vault ' + esc(p.vaultId) + '</td><td class="num">' + amount(p.collateral) + '</td><td class="num">' + amount(p.debt) + '</td></tr>').join('') + '</table>';
  const vaults = '<table><tr><th>Lend vault</th><th>Collateral</th><th>Debt</th><th class="num">Max LTV</th><th class="num">Liquidation</th></tr>' +
    d.borrowVaults.map((v) => '<tr><td>' + esc(v.id) + ' ' + addr(v.address) + '</td><td>' + esc(v.collateral.symbol) + '</td><td>' + esc(v.debt.symbol) + '</td><td class="num">' + esc(v.maxLtv) + '%</td><td class="num">' + esc(v.liquidationThreshold) + '%</td></tr>').join('') + '</table>';
  const tv = d.triggerVaults.length === 0 ? '' : '<h3>Trigger v2 vaults</h3><table><tr><th>Wallet</th><th>Vault</th><th>Since</th></tr>' +
    d.triggerVaults.map((v) => '<tr><td>' + addr(v.wallet) + '</td><td>' + addr(v.vault) + '</td><td>' + esc(v.createdAt) + '</td></tr>').join('') + '</table>';
  $('lend').innerHTML = '<h3>Positions</h3>' + pos + '<h3>Vaults</h3>' + vaults + tv;
}

function renderTransactions(d) {
  if (d.transactions.length === 0) { $('transactions').innerHTML = empty('No transaction has landed yet. Swaps executed, trigger deposits and submitted transactions show here.'); return; }
  $('transactions').innerHTML = '<table><tr><th>Signature</th><th>Landed by</th><th>Slot</th><th>What it moved</th></tr>' +
    d.transactions.map((t) => '<tr data-signature="' + esc(t.signature) + '"><td>' + addr(t.signature) + '</td><td>' + esc(t.operationId) + '</td><td>' + esc(t.slot) + '</td><td>' +
      (t.moves.length === 0 ? '<span class="hint">no transfer (program ' + t.programs.map(addr).join(', ') + ')</span>' :
        t.moves.map((m) => '<div class="move">' + esc(m.kind) + ': ' + (m.atLeast ? 'at least ' : '') + '<b>' + amount(m) + '</b> from ' + addr(m.from) + ' to ' + addr(m.to) + '</div>').join('')) +
      '</td></tr>').join('') + '</table>';
}

function renderJournal(d) {
  $('journal-size').textContent = d.size;
  if (d.entries.length === 0) { $('journal').innerHTML = empty(d.size === 0 ? 'The request journal is off.' : 'No request yet.'); return; }
  $('journal').innerHTML = '<table><tr><th></th><th>#</th><th>Operation</th><th>Request</th><th>Status</th><th class="num">ms</th><th>Simulated time</th></tr>' +
    d.entries.map((e) => {
      const row = '<tr class="entry' + (state.open === e.id ? ' open' : '') + '" data-id="' + e.id + '"><td><input type="checkbox" data-select="' + e.id + '"' + (state.selected.has(e.id) ? ' checked' : '') + '></td><td>' + e.id + '</td><td>' + esc(e.operationId || '(no operation)') + '</td><td><code>' + esc(e.method + ' ' + e.path + (e.query ? '?' + e.query : '')) + '</code></td><td>' + badge(String(e.status)) + '</td><td class="num">' + esc(e.durationMs.toFixed(2)) + '</td><td>' + esc(e.simulatedAt.replace('T', ' ').slice(0, 19)) + '</td></tr>';
      if (state.open !== e.id) return row;
      const pretty = (t) => { try { return JSON.stringify(JSON.parse(t), null, 2); } catch { return t; } };
      return row + '<tr><td></td><td colspan="6"><b>Request headers</b><pre>' + esc(e.requestHeaders.map((h) => h.name + ': ' + h.value).join('\\n') || '(none kept)') + '</pre><b>Request body</b><pre class="req">' + esc(pretty(e.requestBody) || '(empty)') + '</pre><b>Answer</b><pre class="res">' + esc(pretty(e.responseBody)) + '</pre></td></tr>';
    }).join('') + '</table>';
  $('export').disabled = state.selected.size === 0;
}

function renderUpstream(d) {
  if (d.mode === 'local') { $('upstream-section').style.display = 'none'; return; }
  $('upstream-section').style.display = '';
  const stats = Object.entries(d).filter(([, v]) => typeof v === 'number');
  const circuit = d.circuit ? '<div class="stat"><b>' + badge(d.circuit.state) + '</b><span>circuit</span></div>' : '';
  const drift = d.drift ? '<div class="stat"><b>' + d.drift.breaking.length + ' / ' + d.drift.additive.length + '</b><span>drift: breaking / additive</span></div><div class="stat"><b>' + d.drift.fallbacks + '</b><span>answers replaced (breaking drift)</span></div>' : '';
  const ops = d.byOperation ? Object.entries(d.byOperation) : [];
  $('upstream').innerHTML = '<p class="hint">Mode: <b>' + esc(d.mode) + '</b>' + (d.baseUrl ? ' from ' + esc(d.baseUrl) : '') + '</p><div class="stats">' +
    stats.map(([k, v]) => '<div class="stat" data-stat="' + esc(k) + '"><b>' + esc(num(v, 0)) + '</b><span>' + esc(k.replace(/([A-Z])/g, ' $1').toLowerCase()) + '</span></div>').join('') + circuit + drift + '</div>' +
    (ops.length ? '<h3>Calls by operation</h3><table>' + ops.map(([k, v]) => '<tr><td>' + esc(k) + '</td><td class="num">' + esc(v) + '</td></tr>').join('') + '</table>' : '');
}

function renderChart(d) {
  const series = d.wallets.filter((w) => w.points.length > 0);
  if (series.length === 0) { $('chart').innerHTML = empty('No value recorded yet: the chart starts with the first wallet that changes.'); return; }
  const W = 900, H = 260, L = 70, R = 16, T = 12, B = 28;
  const all = series.flatMap((s) => s.points);
  let t0 = Math.min(...all.map((p) => p.t)), t1 = Math.max(...all.map((p) => p.t));
  let v0 = Math.min(...all.map((p) => p.usd)), v1 = Math.max(...all.map((p) => p.usd));
  if (t1 === t0) t1 = t0 + 1000;
  if (v1 === v0) { v0 = v0 * 0.99; v1 = v1 * 1.01 || 1; }
  const x = (t) => L + ((t - t0) / (t1 - t0)) * (W - L - R);
  const y = (v) => T + (1 - (v - v0) / (v1 - v0)) * (H - T - B);
  const grid = [0, 0.5, 1].map((f) => { const v = v0 + f * (v1 - v0); return '<line x1="' + L + '" x2="' + (W - R) + '" y1="' + y(v) + '" y2="' + y(v) + '" stroke="#e4e6eb"/><text x="' + (L - 6) + '" y="' + (y(v) + 4) + '" text-anchor="end">' + esc(usd(v)) + '</text>'; }).join('');
  const when = (t) => new Date(t).toISOString().slice(11, 19);
  const axis = '<text x="' + L + '" y="' + (H - 8) + '">' + when(t0) + '</text><text x="' + (W - R) + '" y="' + (H - 8) + '" text-anchor="end">' + when(t1) + ' (simulated, UTC)</text>';
  const lines = series.map((s, i) => {
    // A step line: a wallet's value holds from one sample to the next.
    const pts = [];
    s.points.forEach((p, j) => { if (j > 0) pts.push({ t: p.t, usd: s.points[j - 1].usd }); pts.push(p); });
    if (pts[pts.length - 1].t < t1) pts.push({ t: t1, usd: pts[pts.length - 1].usd });
    return '<polyline class="series" data-wallet="' + esc(s.wallet) + '" fill="none" stroke-width="2" stroke="' + COLORS[i % COLORS.length] + '" points="' + pts.map((p) => x(p.t).toFixed(1) + ',' + y(p.usd).toFixed(1)).join(' ') + '"/>';
  }).join('');
  $('chart').innerHTML = '<svg viewBox="0 0 ' + W + ' ' + H + '" width="100%" role="img" aria-label="Total value of each wallet over time">' + grid + axis + lines + '</svg><div class="legend">' +
    series.map((s, i) => '<span><i style="background:' + COLORS[i % COLORS.length] + '"></i>' + addr(s.wallet) + ' ' + usd(s.points[s.points.length - 1].usd) + '</span>').join('') + '</div>';
}

const VIEWS = [
  ['wallets?limit=50', renderWallets],
  ['orders', renderOrders],
  ['lend', renderLend],
  ['transactions?limit=100', renderTransactions],
  ['journal?limit=100', renderJournal],
  ['history', renderChart],
  ['upstream', renderUpstream],
];

async function refresh() {
  try {
    const bodies = await Promise.all(VIEWS.map(([path]) => get(path).then((r) => r.json())));
    bodies.forEach((body, i) => VIEWS[i][1](body));
    $('keyform').style.display = 'none';
    $('status').textContent = 'updated ' + new Date().toLocaleTimeString();
    document.body.dataset.loaded = 'true';
  } catch (e) {
    $('status').textContent = String(e.message || e);
  }
}

document.addEventListener('click', (ev) => {
  const target = ev.target;
  if (target.matches && target.matches('input[data-select]')) {
    const id = Number(target.dataset.select);
    if (target.checked) state.selected.add(id); else state.selected.delete(id);
    $('export').disabled = state.selected.size === 0;
    return;
  }
  const row = target.closest && target.closest('tr.entry');
  if (row) { const id = Number(row.dataset.id); state.open = state.open === id ? null : id; refresh(); }
});

$('export').addEventListener('click', async () => {
  const ids = [...state.selected].sort((a, b) => a - b).join(',');
  const res = await get('journal.har?ids=' + ids);
  const text = await res.text();
  const link = $('har-link');
  link.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  link.download = 'x-mock-journal.har';
  link.dataset.har = 'ready';
  link.click();
});
$('select-all').addEventListener('click', () => {
  document.querySelectorAll('input[data-select]').forEach((box) => state.selected.add(Number(box.dataset.select)));
  refresh();
});
$('keyform').addEventListener('submit', (ev) => {
  ev.preventDefault();
  sessionStorage.setItem(KEY_STORE, $('key').value);
  $('key').value = '';
  refresh();
});

refresh();
setInterval(refresh, 2000);
`;

const BODY = `
<nav>
  <h1>x-mock explorer</h1>
  <p>What the simulator holds, live.</p>
  <a href="#wallets-section">Wallets</a>
  <a href="#chart-section">Value over time</a>
  <a href="#orders-section">Orders</a>
  <a href="#lend-section">Lend and vaults</a>
  <a href="#transactions-section">Transactions</a>
  <a href="#journal-section">Request journal</a>
  <a href="#upstream-section">Upstream health</a>
  <a href="/docs">API docs</a>
  <p id="status">loading…</p>
</nav>
<main>
  <form id="keyform">
    <b>This simulator needs its control key.</b> It was started with <code>--control-key</code> (or
    <code>X_MOCK_CONTROL_KEY</code>); enter it to see its state. It is kept for this tab only.<br>
    <input id="key" type="password" autocomplete="off" placeholder="control key"> <button>Open</button>
  </form>
  <section id="wallets-section">
    <h2>Wallets</h2>
    <p class="hint">Balances of every wallet that did something, valued at <span id="source">the current prices</span>. Amounts are in whole tokens.</p>
    <div class="stats" id="prices"></div>
    <div id="wallets" style="margin-top:12px"></div>
  </section>
  <section id="chart-section">
    <h2>Value over time</h2>
    <p class="hint">Each wallet's balances valued in USD, sampled after every change and while this page is open. Tokens held by open orders or as lend collateral are not counted.</p>
    <div id="chart"></div>
  </section>
  <section id="orders-section">
    <h2>Orders</h2>
    <p class="hint">Trigger orders (v1 limit orders and v2 price orders), newest first, with their state and fills.</p>
    <div id="orders"></div>
  </section>
  <section id="lend-section">
    <h2>Lend and vaults</h2>
    <div id="lend"></div>
  </section>
  <section id="transactions-section">
    <h2>Transactions</h2>
    <p class="hint">Transactions the simulator landed, newest first, decoded into what they moved. Hover an address for the whole of it.</p>
    <div id="transactions"></div>
  </section>
  <section id="journal-section">
    <h2>Request journal</h2>
    <p class="hint">The last <span id="journal-size"></span> API requests. Click one to see its bodies: API keys, bearer tokens, signatures and signed transactions are redacted. Tick some to export them as a HAR file for a bug report.</p>
    <p><button id="export" disabled>Export selected as HAR</button> <button id="select-all" class="plain">Select all shown</button> <a id="har-link" hidden></a></p>
    <div id="journal"></div>
  </section>
  <section id="upstream-section" style="display:none">
    <h2>Upstream health</h2>
    <p class="hint">Paper trading: where market data comes from, how often the simulator called it, what the cache saved and whether answers drift from the spec.</p>
    <div id="upstream"></div>
  </section>
</main>`;

/** The page's headers: never cached, and a policy that lets it reach nothing but this server. */
export const EXPLORER_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
});

/** The explorer page (HTML, no outside asset). */
export const EXPLORER_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>x-mock explorer</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>${BODY}
<script>${SCRIPT}</script>
</body>
</html>
`;
