// Aspen live dashboard: reads the server-sent events of /events (docs/dashboard.md) and draws the
// topology (SVG), four time-series charts (canvas), the AA and ACC filter tables and the event log.
// Plain JavaScript, no library, so the page works offline.
'use strict';

const PALETTE = ['#3f5bb5', '#d9480f', '#2f8f46', '#ae3ec9', '#1098ad', '#f08c00', '#c2255c', '#5c940d', '#495057', '#7048e8'];
const MAX_POINTS = 1500;
const SVG = 'http://www.w3.org/2000/svg';

const dash = {
  topology: null, t: 0, ended: false, samples: 0,
  latest: {},            // node -> its last sample
  pos: {},               // node -> {x, y}
  series: { cwnd: {}, goodput: {}, queue: {}, drops: {} },
  colours: {}, log: [],
};
window.aspenDash = dash;   // for tests and the curious

// ---------- data in ----------
function connect() {
  const src = new EventSource('events');
  src.addEventListener('topology', e => { setTopology(JSON.parse(e.data)); });
  src.addEventListener('sample', e => { addSample(JSON.parse(e.data)); });
  src.addEventListener('log', e => { addLog(JSON.parse(e.data)); });
  src.addEventListener('end', e => { dash.ended = true; dash.t = Math.max(dash.t, JSON.parse(e.data).t); dirty(); });
  src.onopen = () => setState(dash.ended ? 'ended' : 'live');
  src.onerror = () => setState(dash.ended ? 'ended' : 'lost');
}

function setState(s) {
  const el = document.getElementById('state');
  el.className = s;
  el.textContent = { live: 'live', ended: 'run finished', lost: 'disconnected (retrying)' }[s] || s;
}

function setTopology(t) {
  const replaced = dash.topology !== null;
  dash.topology = t;
  if (replaced) {   // the server restarted the run: start the charts again
    dash.series = { cwnd: {}, goodput: {}, queue: {}, drops: {} };
    dash.latest = {};
    dash.log = [];
    dash.ended = false;
  }
  document.getElementById('scenario').textContent = t.name;
  document.getElementById('mode').textContent = { sim: 'simulated', real: 'real UDP', node: 'node' }[t.mode] || t.mode;
  layout(t);
  drawGraph();
  dirty();
}

function addSample(s) {
  dash.samples++;
  dash.latest[s.node] = s;
  dash.t = Math.max(dash.t, s.t);
  for (const f of s.flows) {
    push('cwnd', f.name, s.t, f.cwnd);
    push('goodput', f.name, s.t, f.goodputBps / 1e6);
  }
  for (const l of s.links) {
    const key = l.link + ' ' + s.node + '\u2192' + (l.peer || '?');
    // only directions that ever queue, drop or mark get a line: a quiet link stays out of the legend
    if (l.queue > 0 || dash.series.queue[key]) push('queue', key, s.t, l.queue);
    if (l.drops + l.marked > 0 || dash.series.drops[key + ' drops']) {
      push('drops', key + ' drops', s.t, l.drops);
      if (l.marked > 0 || dash.series.drops[key + ' marks']) push('drops', key + ' marks', s.t, l.marked);
    }
  }
  dirty();
}

function push(chart, key, t, v) {
  let pts = dash.series[chart][key];
  if (!pts) {
    pts = dash.series[chart][key] = [];
    if (!dash.colours[key]) dash.colours[key] = PALETTE[Object.keys(dash.colours).length % PALETTE.length];
  }
  pts.push([t, v]);
  if (pts.length > MAX_POINTS) {   // thin the older half so a long run keeps its shape
    const half = pts.length >> 1;
    const thinned = pts.slice(0, half).filter((_, i) => i % 2 === 0);
    dash.series[chart][key] = thinned.concat(pts.slice(half));
  }
}

function addLog(e) {
  dash.log.push(e);
  if (dash.log.length > 2000) dash.log.shift();
  dirty();
}

// ---------- drawing, at most five times a second ----------
let pending = false;
function dirty() {
  if (pending) return;
  pending = true;
  setTimeout(() => { pending = false; render(); }, 200);
}

function render() {
  document.getElementById('clock').textContent = 't = ' + dash.t.toFixed(1) + ' s';
  if (dash.ended) setState('ended');
  updateGraph();
  drawChart('chart-cwnd', dash.series.cwnd);
  drawChart('chart-goodput', dash.series.goodput);
  drawChart('chart-queue', dash.series.queue);
  drawChart('chart-drops', dash.series.drops);
  drawTables();
  drawLog();
}

// ---------- topology ----------
function layout(t) {
  // a small deterministic force layout: nodes on a circle, springs on links, repulsion between all
  const n = t.nodes.length, W = 1000, H = 520;
  const p = {};
  t.nodes.forEach((nd, i) => {
    const a = 2 * Math.PI * i / Math.max(1, n);
    p[nd.name] = { x: W / 2 + 200 * Math.cos(a), y: H / 2 + 170 * Math.sin(a) };
  });
  const k = Math.sqrt((W * H) / Math.max(1, n)) * 0.55;
  for (let it = 0; it < 400; it++) {
    const d = {};
    t.nodes.forEach(nd => { d[nd.name] = { x: 0, y: 0 }; });
    for (const a of t.nodes) for (const b of t.nodes) {
      if (a === b) continue;
      const dx = p[a.name].x - p[b.name].x, dy = p[a.name].y - p[b.name].y;
      const dist = Math.max(1, Math.hypot(dx, dy));
      d[a.name].x += dx / dist * k * k / dist;
      d[a.name].y += dy / dist * k * k / dist;
    }
    for (const l of t.links) {
      const dx = p[l.a].x - p[l.b].x, dy = p[l.a].y - p[l.b].y;
      const dist = Math.max(1, Math.hypot(dx, dy));
      const f = dist * dist / k;
      d[l.a].x -= dx / dist * f; d[l.a].y -= dy / dist * f;
      d[l.b].x += dx / dist * f; d[l.b].y += dy / dist * f;
    }
    const temp = 40 * (1 - it / 400) + 1;
    for (const nd of t.nodes) {
      const v = d[nd.name], len = Math.max(1, Math.hypot(v.x, v.y));
      p[nd.name].x += v.x / len * Math.min(len, temp);
      p[nd.name].y += v.y / len * Math.min(len, temp);
    }
  }
  // fit into the drawing with a margin for labels
  const xs = Object.values(p).map(q => q.x), ys = Object.values(p).map(q => q.y);
  const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
  const sx = (W - 160) / Math.max(1, maxX - minX), sy = (H - 120) / Math.max(1, maxY - minY);
  for (const q of Object.values(p)) {
    q.x = 80 + (q.x - minX) * sx;
    q.y = 45 + (q.y - minY) * sy;
  }
  dash.pos = p;
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function drawGraph() {
  const svg = document.getElementById('graph');
  svg.innerHTML = '';
  const t = dash.topology, p = dash.pos;
  for (const l of t.links) {
    const g = el('g', { class: 'link', 'data-link': l.name }, svg);
    const a = p[l.a], b = p[l.b];
    const dx = b.x - a.x, dy = b.y - a.y, len = Math.max(1, Math.hypot(dx, dy));
    const ox = -dy / len * 4, oy = dx / len * 4;   // the two directions side by side
    el('line', { x1: a.x + ox, y1: a.y + oy, x2: b.x + ox, y2: b.y + oy, 'data-dir': l.a, stroke: '#9aa3b5', 'stroke-width': 3 }, g);
    el('line', { x1: a.x - ox, y1: a.y - oy, x2: b.x - ox, y2: b.y - oy, 'data-dir': l.b, stroke: '#9aa3b5', 'stroke-width': 3 }, g);
    const label = el('text', { x: (a.x + b.x) / 2 + ox * 3, y: (a.y + b.y) / 2 + oy * 3 - 2 }, g);
    label.textContent = rate(l.bandwidthBps) + ' ' + l.delayMs + ' ms';
  }
  for (const nd of t.nodes) {
    const g = el('g', { class: 'node', 'data-node': nd.name, transform: 'translate(' + p[nd.name].x + ',' + p[nd.name].y + ')' }, svg);
    el('circle', { r: 20 }, g);
    const name = el('text', { class: 'name', y: 5 }, g);
    name.textContent = nd.name;
    const title = el('title', {}, g);
    title.textContent = nd.name + ' ' + nd.address;
    el('text', { class: 'aas', y: 36 }, g);
  }
}

function updateGraph() {
  if (!dash.topology) return;
  const svg = document.getElementById('graph');
  for (const l of dash.topology.links) {
    for (const end of [l.a, l.b]) {
      const line = svg.querySelector('g.link[data-link="' + cssEsc(l.name) + '"] line[data-dir="' + cssEsc(end) + '"]');
      const s = dash.latest[end];
      const ls = s && s.links.find(x => x.link === l.name);
      if (!line || !ls) continue;
      line.setAttribute('stroke', heat(ls.utilisation));
      const limit = parseInt(ls.limit, 10) || 100;
      line.setAttribute('stroke-width', 3 + 9 * Math.min(1, ls.queue / limit));
      line.setAttribute('class', ls.up ? '' : 'down');
      const tip = line.querySelector('title') || el('title', {}, line);
      tip.textContent = l.name + ' ' + end + ' \u2192 ' + (ls.peer || '?') + ': ' + Math.round(ls.utilisation * 100)
        + '% busy, queue ' + ls.queue + ' (' + ls.limit + '), drops ' + ls.drops + ', marks ' + ls.marked;
    }
  }
  for (const nd of dash.topology.nodes) {
    const g = svg.querySelector('g.node[data-node="' + cssEsc(nd.name) + '"]');
    const s = dash.latest[nd.name];
    if (!g || !s) continue;
    const running = s.aas.filter(a => a.state === 'running');
    g.setAttribute('class', 'node' + (running.length ? ' aa' : '') + (s.activeFilters > 0 ? ' filtering' : ''));
    g.querySelector('text.aas').textContent = running.map(a => a.name).join(', ')
      + (s.activeFilters > 0 ? ' [' + s.activeFilters + ' filter' + (s.activeFilters > 1 ? 's' : '') + ']' : '');
  }
}

function heat(u) {   // 0 green, 0.5 yellow, 1 red
  const h = 120 * (1 - Math.max(0, Math.min(1, u)));
  return 'hsl(' + h + ',75%,' + (u > 0.001 ? 42 : 70) + '%)';
}

function rate(bps) {
  if (!bps) return 'unlimited';
  if (bps >= 1e9) return +(bps / 1e9).toFixed(2) + ' Gbps';
  if (bps >= 1e6) return +(bps / 1e6).toFixed(2) + ' Mbps';
  return +(bps / 1e3).toFixed(1) + ' kbps';
}

function cssEsc(s) { return String(s).replace(/["\\]/g, '\\$&'); }

// ---------- charts ----------
function drawChart(id, series) {
  const c = document.getElementById(id);
  const dpr = window.devicePixelRatio || 1;
  const w = c.clientWidth || 600, h = c.clientHeight || 220;
  if (c.width !== Math.round(w * dpr)) { c.width = Math.round(w * dpr); c.height = Math.round(h * dpr); }
  const g = c.getContext('2d');
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
  g.clearRect(0, 0, w, h);
  const keys = Object.keys(series);
  let points = 0;
  keys.forEach(k => { points += series[k].length; });
  c.dataset.points = points;
  c.dataset.series = keys.length;
  const L = 48, R = 8, T = 8, B = 34 + 14 * Math.ceil(keys.length / 3);
  if (keys.length === 0) {
    g.fillStyle = '#8a93a5'; g.font = 'italic 12px system-ui';
    g.fillText('no data yet', L + 10, T + 20);
    return;
  }
  let t0 = Infinity, t1 = -Infinity, ymax = 0;
  for (const k of keys) for (const [t, v] of series[k]) { t0 = Math.min(t0, t); t1 = Math.max(t1, t); ymax = Math.max(ymax, v); }
  if (t1 <= t0) t1 = t0 + 1;
  ymax = niceMax(ymax);
  const X = t => L + (t - t0) / (t1 - t0) * (w - L - R);
  const Y = v => T + (1 - v / ymax) * (h - T - B);
  // axes and grid
  g.strokeStyle = '#e3e6ec'; g.fillStyle = '#6a7385'; g.font = '10px system-ui'; g.lineWidth = 1;
  for (let i = 0; i <= 4; i++) {
    const v = ymax * i / 4, y = Y(v);
    g.beginPath(); g.moveTo(L, y); g.lineTo(w - R, y); g.stroke();
    g.textAlign = 'right'; g.fillText(fmt(v), L - 4, y + 3);
  }
  for (let i = 0; i <= 5; i++) {
    const t = t0 + (t1 - t0) * i / 5;
    g.textAlign = i === 0 ? 'left' : i === 5 ? 'right' : 'center';   // the end labels stay inside
    g.fillText(t.toFixed(1) + ' s', X(t), h - B + 14);
  }
  // lines
  keys.forEach(k => {
    g.strokeStyle = dash.colours[k]; g.lineWidth = 1.6; g.beginPath();
    series[k].forEach(([t, v], i) => { if (i === 0) g.moveTo(X(t), Y(v)); else g.lineTo(X(t), Y(v)); });
    g.stroke();
  });
  // legend
  g.textAlign = 'left'; g.font = '11px system-ui';
  keys.forEach((k, i) => {
    const lx = L + (i % 3) * ((w - L) / 3), ly = h - B + 30 + 14 * Math.floor(i / 3);
    g.fillStyle = dash.colours[k]; g.fillRect(lx, ly - 8, 10, 10);
    g.fillStyle = '#1d2433'; g.fillText(k, lx + 14, ly + 1);
  });
}

function niceMax(v) {
  if (v <= 0) return 1;
  const p = Math.pow(10, Math.floor(Math.log10(v)));
  for (const m of [1, 2, 2.5, 5, 10]) if (v <= m * p) return m * p;
  return 10 * p;
}

function fmt(v) { return Math.abs(v) >= 100 ? v.toFixed(0) : +v.toFixed(2) + ''; }

// ---------- tables and log ----------
function drawTables() {
  const nodes = dash.topology ? dash.topology.nodes.map(n => n.name) : Object.keys(dash.latest);
  const filters = [], aas = [];
  for (const n of nodes) {
    const s = dash.latest[n];
    if (!s) continue;
    for (const a of s.aas) {
      aas.push('<tr><td>' + esc(n) + '</td><td>' + esc(a.name) + '</td><td>' + esc(a.state) + '</td><td class="num">' + a.packets + '</td></tr>');
      const m = a.metrics || {};
      if ('activeFilters' in a || 'notificationsSent' in m) {
        filters.push('<tr class="' + (a.activeFilters > 0 ? 'active' : '') + '"><td>' + esc(n) + '</td><td>' + esc(a.name)
          + '</td><td class="num">' + (a.activeFilters || 0) + '</td><td class="num">' + ((m.filtersStarted || 0) + (m.localFilters || 0))
          + '</td><td class="num">' + (m.packetsFiltered || 0) + '</td><td class="num">' + (m.notificationsSent || 0) + '</td></tr>');
      }
    }
  }
  document.querySelector('#filters tbody').innerHTML = filters.join('') || '<tr><td colspan="6" class="empty">no ACC AA running</td></tr>';
  document.querySelector('#aas tbody').innerHTML = aas.join('') || '<tr><td colspan="4" class="empty">none</td></tr>';
}

let shownLog = -1;
function drawLog() {
  if (shownLog === dash.log.length) return;
  shownLog = dash.log.length;
  const items = dash.log.slice(-300).reverse().map(e =>
    '<li><span class="t">' + e.t.toFixed(3) + ' s</span><span class="n">' + esc(e.node) + '</span>' + esc(e.event) + '</li>');
  document.getElementById('log').innerHTML = items.join('');
}

function esc(s) {
  return String(s).replace(/[&<>"]/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
}

connect();
