// Aspen live dashboard: reads the server-sent events of /events (docs/dashboard.md) and draws the
// topology (SVG, links coloured by what they carry now), the time-series charts (canvas: pings' RTT
// and loss, flows, queues, drops), the AA and ACC filter tables and the event log. A panel shows up
// once this run has data for it. Plain JavaScript, no library, so the page works offline.
'use strict';

const PALETTE = ['#3f5bb5', '#d9480f', '#2f8f46', '#ae3ec9', '#1098ad', '#f08c00', '#c2255c', '#5c940d', '#495057', '#7048e8'];
// what a link direction carries (NodeSampler's "carries"); routing's own hellos are not counted
const KINDS = { ping: ['#1c7ed6', 'pings'], rdp: ['#e8590c', 'RDP flows'], raw: ['#ae3ec9', 'raw datagrams'], aa: ['#2b8a3e', 'AA messages'] };
const IDLE = '#ced4da';
const CHARTS = ['rtt', 'loss', 'goodput', 'cwnd', 'queue', 'drops'];
const MAX_POINTS = 1500;
const SVG = 'http://www.w3.org/2000/svg';

const dash = {
  topology: null, t: 0, ended: false, samples: 0,
  latest: {},            // node -> its last sample
  pos: {},               // node -> {x, y}
  series: emptySeries(),
  pings: {},             // "a→c" -> [[t, rttMs or null (lost)], ...] in arrival order
  carried: {},           // "link@node" -> recent [t, carries] of that direction
  colours: {}, log: [],
};

function emptySeries() {
  return { rtt: {}, loss: {}, goodput: {}, cwnd: {}, queue: {}, drops: {} };
}
window.aspenDash = dash;   // for tests and the curious

// ---------- data in ----------
function connect() {
  const src = new EventSource('events');
  src.addEventListener('topology', e => { setTopology(JSON.parse(e.data)); });
  src.addEventListener('sample', e => { addSample(JSON.parse(e.data)); });
  src.addEventListener('log', e => { addLog(JSON.parse(e.data)); });
  src.addEventListener('ping', e => { addPing(JSON.parse(e.data)); });
  src.addEventListener('end', e => { dash.ended = true; dash.t = Math.max(dash.t, JSON.parse(e.data).t); dirty(); });
  src.onopen = () => setState(dash.ended ? 'ended' : 'live');
  src.onerror = () => setState(dash.ended ? 'ended' : 'lost');
}

function setState(s) {
  const el = document.getElementById('state');
  el.className = s;
  el.textContent = { live: 'live', ended: 'run finished', lost: 'disconnected (retrying)', snapshot: 'snapshot of a running run' }[s] || s;
}

function setTopology(t) {
  const replaced = dash.topology !== null;
  dash.topology = t;
  if (replaced) {   // the server restarted the run: start the charts again
    dash.series = emptySeries();
    dash.pings = {};
    dash.carried = {};
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
    const recent = dash.carried[l.id] || (dash.carried[l.id] = []);
    recent.push([s.t, l.carries || {}]);
    while (recent.length > 50) recent.shift();
    const dir = s.node + '\u2192' + (l.peer || '?');
    // "a→b", with the link's name when it is not simply a-b (two links between the same nodes)
    const key = l.link === s.node + '-' + l.peer || l.link === l.peer + '-' + s.node ? dir : dir + ' (' + l.link + ')';
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

function addPing(p) {
  const key = p.from + '\u2192' + p.to;
  const pts = dash.pings[key] || (dash.pings[key] = []);
  pts.push([p.t, p.rttMs == null ? null : p.rttMs]);
  dash.t = Math.max(dash.t, p.t);
  if (!dash.colours[key]) dash.colours[key] = PALETTE[Object.keys(dash.colours).length % PALETTE.length];
  dirty();
}

// the RTT series (a lost probe breaks the line and is marked) and the loss share per time bin
function pingSeries() {
  const rtt = {}, loss = {}, lost = {};
  let t0 = Infinity, t1 = -Infinity;
  for (const pts of Object.values(dash.pings)) for (const [t] of pts) { t0 = Math.min(t0, t); t1 = Math.max(t1, t); }
  const bin = Math.max(1, Math.round((t1 - t0) / 40));
  dash.lossBin = bin;
  document.getElementById('loss-bin').textContent = bin + ' s';
  for (const [key, pts] of Object.entries(dash.pings)) {
    const sorted = pts.slice().sort((a, b) => a[0] - b[0]);
    rtt[key] = sorted;
    lost[key] = sorted.filter(p => p[1] === null).map(p => p[0]);
    const bins = new Map();
    for (const [t, v] of sorted) {
      const b = Math.floor(t / bin);
      const c = bins.get(b) || [0, 0];
      c[0]++; if (v === null) c[1]++;
      bins.set(b, c);
    }
    loss[key] = [...bins.entries()].sort((a, b) => a[0] - b[0]).map(([b, c]) => [(b + 0.5) * bin, 100 * c[1] / c[0]]);
  }
  dash.series.rtt = rtt;
  dash.series.loss = loss;
  return lost;
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
  else if (dash.report) setState('snapshot');
  updateGraph();
  const lost = pingSeries();
  const shown = CHARTS.filter(c => Object.keys(dash.series[c]).length > 0);
  for (const c of CHARTS) document.getElementById('panel-' + c).hidden = !shown.includes(c);
  document.getElementById('no-charts').hidden = shown.length > 0;
  shown.forEach((c, i) => document.getElementById('panel-' + c).classList.toggle('wide', i === shown.length - 1 && i % 2 === 0));
  // the charts share the window's height: fewer charts, taller charts
  const rows = Math.max(1, Math.ceil(shown.length / 2));
  const ch = Math.max(160, Math.min(300, Math.floor((window.innerHeight - 60) / rows) - 48));
  for (const c of shown) document.getElementById('chart-' + c).style.height = ch + 'px';
  for (const c of shown) {
    drawChart('chart-' + c, dash.series[c], c === 'rtt' ? { lost: lost } : c === 'loss' ? { max: 100, bars: dash.lossBin } : {});
  }
  drawTables();
  drawLog();
}

// ---------- topology ----------
function layout(t) {
  // a small deterministic force layout: nodes on a circle, springs on links, repulsion between all
  const n = t.nodes.length, W = 1000, H = 600;
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
  // fit into the drawing, one SVG unit per pixel so text sizes are pixels, with a margin for labels
  const svg = document.getElementById('graph');
  const PW = svg.clientWidth || 560, PH = svg.clientHeight || 360;
  svg.setAttribute('viewBox', '0 0 ' + PW + ' ' + PH);
  dash.size = { w: PW, h: PH };
  const xs = Object.values(p).map(q => q.x), ys = Object.values(p).map(q => q.y);
  const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
  const sx = (PW - 150) / Math.max(1, maxX - minX), sy = (PH - 90) / Math.max(1, maxY - minY);
  for (const q of Object.values(p)) {
    q.x = 75 + (q.x - minX) * sx;
    q.y = 35 + (q.y - minY) * sy;
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
  const cx = dash.size.w / 2, cy = dash.size.h / 2;
  const linkLayer = el('g', {}, svg), nodeLayer = el('g', {}, svg), labels = el('g', { class: 'labels' }, svg);
  const placed = [];
  const common = commonLink(t.links);
  for (const l of t.links) {
    const g = el('g', { class: 'link', 'data-link': l.name }, linkLayer);
    const a = p[l.a], b = p[l.b];
    const dx = b.x - a.x, dy = b.y - a.y, len = Math.max(1, Math.hypot(dx, dy));
    let nx = -dy / len, ny = dx / len;   // unit normal: the two directions side by side
    el('line', { x1: a.x + nx * 5, y1: a.y + ny * 5, x2: b.x + nx * 5, y2: b.y + ny * 5, 'data-dir': l.a, stroke: IDLE, 'stroke-width': 3 }, g);
    el('line', { x1: a.x - nx * 5, y1: a.y - ny * 5, x2: b.x - nx * 5, y2: b.y - ny * 5, 'data-dir': l.b, stroke: IDLE, 'stroke-width': 3 }, g);
    // the label sits beside the link, on the side away from the drawing's centre, clear of the widest line
    const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
    if ((mx + nx - cx) * nx + (my + ny - cy) * ny < 0) { nx = -nx; ny = -ny; }
    if (linkText(l) === common) continue;   // the legend names the usual link once
    const label = el('text', { class: 'link-label', 'data-link': l.name }, labels);
    label.textContent = linkText(l);
    const busy = el('text', { class: 'busy', 'data-link': l.name }, labels);
    placed.push({ label: label, busy: busy, mx: mx, my: my, nx: nx, ny: ny, ux: dx / len, uy: dy / len, len: len });
  }
  for (const nd of t.nodes) {
    const q = p[nd.name];
    const g = el('g', { class: 'node', 'data-node': nd.name, transform: 'translate(' + q.x + ',' + q.y + ')' }, nodeLayer);
    el('circle', { r: 17 }, g);
    const name = el('text', { class: 'name', y: 5 }, g);
    name.textContent = nd.name;
    const title = el('title', {}, g);
    title.textContent = nd.name + ' ' + nd.address;
    el('text', { class: 'aas', x: q.x, y: q.y + 32, 'data-node': nd.name }, labels);
  }
  dash.placed = placed;
  placeLabels(placed);
  drawLegend(common);
}

function linkText(l) { return rate(l.bandwidthBps) + ' \u00b7 ' + l.delayMs + ' ms'; }

// the rate and delay most links share (when at least two do): those links go unlabelled
function commonLink(links) {
  const n = {};
  for (const l of links) n[linkText(l)] = (n[linkText(l)] || 0) + 1;
  const best = Object.keys(n).sort((a, b) => n[b] - n[a])[0];
  return best && n[best] >= 2 ? best : null;
}

// Link labels beside their link; a label that overlaps one placed before it, or a node, slides along
// its link and then further out, so no two labels and no label and node share pixels.
function placeLabels(placed) {
  // each node, and the line naming its AAs below it when it has one
  const boxes = dash.topology.nodes.map(nd => ({ x: dash.pos[nd.name].x - 20, y: dash.pos[nd.name].y - 20, w: 40, h: 40 }));
  for (const t of document.querySelectorAll('#graph g.labels text.aas')) {
    if (!t.textContent) continue;
    const b = t.getBBox();
    boxes.push({ x: b.x - 2, y: b.y - 1, w: b.width + 4, h: b.height + 2 });
  }
  const overlaps = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
  const tries = [];
  for (const off of [16, 28, 40, 54, -16, -28, -40]) for (const slide of [0, -0.2, 0.2, -0.35, 0.35]) tries.push([slide, off]);
  const area = (a, b) => Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x))
    * Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  for (const q of placed) {
    let best = null;
    for (const [slide, off] of tries) {
      const x = q.mx + q.ux * slide * q.len + q.nx * off, y = q.my + q.uy * slide * q.len + q.ny * off;
      q.label.setAttribute('x', x); q.label.setAttribute('y', y + 4);
      const b = q.label.getBBox();
      const box = { x: b.x - 2, y: b.y - (q.ny < 0 ? 15 : 1), w: b.width + 4, h: b.height + 17 };   // and the busy line
      const inside = box.x >= 0 && box.y >= 0 && box.x + box.w <= dash.size.w && box.y + box.h <= dash.size.h;
      const cost = boxes.reduce((sum, o) => sum + area(o, box), 0) + (inside ? 0 : 1e6);
      if (!best || cost < best.cost) best = { cost: cost, x: x, y: y, box: box };
      if (cost === 0) break;
    }
    q.label.setAttribute('x', best.x); q.label.setAttribute('y', best.y + 4);
    const box = best.box;
    boxes.push(box);
    const lx = +q.label.getAttribute('x'), ly = +q.label.getAttribute('y');
    q.busy.setAttribute('x', lx); q.busy.setAttribute('y', ly + (q.ny >= 0 ? 15 : -15));
  }
}

function drawLegend(common) {
  const items = Object.entries(KINDS).map(([k, [c, label]]) => '<span><i style="background:' + c + '"></i>' + label + '</span>');
  items.push('<span><i style="background:' + IDLE + '"></i>idle (routing only)</span>');
  items.push('<span><i class="dashed"></i>cut or down</span>');
  items.push('<span>thicker: fuller queue</span>');
  if (common) items.push('<span>unlabelled links: ' + esc(common) + '</span>');
  document.getElementById('legend').innerHTML = items.join('');
}

// frames by kind a direction sent over the last second or so (at least three samples)
function carrying(id) {
  const recent = dash.carried[id];
  if (!recent || recent.length === 0) return {};
  const last = recent[recent.length - 1][0];
  const prev = recent.length > 1 ? recent[recent.length - 2][0] : last;
  const window = Math.max(1.0, 3 * (last - prev));
  const sum = {};
  for (const [t, c] of recent) {
    if (t <= last - window) continue;
    for (const [k, n] of Object.entries(c)) sum[k] = (sum[k] || 0) + n;
  }
  return sum;
}

function updateGraph() {
  if (!dash.topology) return;
  const svg = document.getElementById('graph');
  for (const l of dash.topology.links) {
    const busy = [];
    for (const end of [l.a, l.b]) {
      const line = svg.querySelector('g.link[data-link="' + cssEsc(l.name) + '"] line[data-dir="' + cssEsc(end) + '"]');
      const s = dash.latest[end];
      const ls = s && s.links.find(x => x.link === l.name);
      if (!line || !ls) continue;
      const sum = carrying(ls.id);
      const kinds = Object.keys(sum).sort((x, y) => sum[y] - sum[x]);
      const kind = kinds[0];
      line.setAttribute('stroke', !ls.up ? '#868e96' : kind && KINDS[kind] ? KINDS[kind][0] : IDLE);
      line.dataset.carries = kinds.join(',');
      const limit = parseInt(ls.limit, 10) || 100;
      line.setAttribute('stroke-width', (kind ? 5 : 3) + 5 * Math.min(1, ls.queue / limit));
      line.setAttribute('class', ls.up ? '' : 'down');
      if (ls.utilisation >= 0.05) busy.push(end + '\u2192' + (ls.peer || '?') + ' ' + Math.round(ls.utilisation * 100) + '%');
      const tip = line.querySelector('title') || el('title', {}, line);
      tip.textContent = l.name + ' ' + end + ' \u2192 ' + (ls.peer || '?') + ': carries '
        + (kinds.length ? kinds.map(k => k + ' ' + sum[k]).join(', ') + ' frames in the last second' : 'nothing but routing')
        + '; ' + Math.round(ls.utilisation * 100) + '% busy, queue ' + ls.queue + ' (' + ls.limit + '), drops ' + ls.drops
        + ', marks ' + ls.marked;
    }
    const b = svg.querySelector('g.labels text.busy[data-link="' + cssEsc(l.name) + '"]');
    if (b) b.textContent = busy.join('  ');
  }
  let moved = false;
  for (const nd of dash.topology.nodes) {
    const g = svg.querySelector('g.node[data-node="' + cssEsc(nd.name) + '"]');
    const s = dash.latest[nd.name];
    if (!g || !s) continue;
    const running = s.aas.filter(a => a.state === 'running');
    g.setAttribute('class', 'node' + (running.length ? ' aa' : '') + (s.activeFilters > 0 ? ' filtering' : ''));
    const aas = svg.querySelector('g.labels text.aas[data-node="' + cssEsc(nd.name) + '"]');
    const text = running.map(a => a.name).join(', ')
      + (s.activeFilters > 0 ? ' [' + s.activeFilters + ' filter' + (s.activeFilters > 1 ? 's' : '') + ']' : '');
    if (aas.textContent !== text) { aas.textContent = text; moved = true; }
  }
  if (moved) placeLabels(dash.placed);   // link labels make room for the AA names
}

function rate(bps) {
  if (!bps) return 'unlimited';
  if (bps >= 1e9) return +(bps / 1e9).toFixed(2) + ' Gbps';
  if (bps >= 1e6) return +(bps / 1e6).toFixed(2) + ' Mbps';
  return +(bps / 1e3).toFixed(1) + ' kbps';
}

function cssEsc(s) { return String(s).replace(/["\\]/g, '\\$&'); }

// ---------- charts ----------
// Values above a high percentile would flatten the rest: when the largest is far above the 99th
// percentile the axis stops there, and the clipped points are drawn as red triangles at the top.
function yRange(values, fixedMax) {
  if (fixedMax) return { ymax: fixedMax, clipped: false };
  const sorted = values.filter(v => v !== null && isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return { ymax: 1, clipped: false, max: 0 };
  const max = sorted[sorted.length - 1];
  const p99 = sorted[Math.floor(0.99 * (sorted.length - 1))];
  if (p99 > 0 && max > 2 * p99) return { ymax: niceMax(p99 * 1.2), clipped: true, max: max };
  return { ymax: niceMax(max), clipped: false, max: max };
}

function drawChart(id, series, opts) {
  const c = document.getElementById(id);
  const dpr = window.devicePixelRatio || 1;
  const w = c.clientWidth || 600, h = c.clientHeight || 200;
  if (c.width !== Math.round(w * dpr) || c.height !== Math.round(h * dpr)) { c.width = Math.round(w * dpr); c.height = Math.round(h * dpr); }
  const g = c.getContext('2d');
  g.setTransform(dpr, 0, 0, dpr, 0, 0);
  g.clearRect(0, 0, w, h);
  const keys = Object.keys(series);
  let points = 0;
  keys.forEach(k => { points += series[k].length; });
  c.dataset.points = points;
  c.dataset.series = keys.length;
  const perRow = Math.max(1, Math.floor((w - 48) / 150));
  const L = 48, R = 10, T = 10, B = 30 + 14 * Math.ceil(keys.length / perRow);
  let t0 = Infinity, t1 = -Infinity;
  const values = [];
  for (const k of keys) for (const [t, v] of series[k]) { t0 = Math.min(t0, t); t1 = Math.max(t1, t); values.push(v); }
  if (opts.lost) for (const k of keys) for (const t of opts.lost[k] || []) { t0 = Math.min(t0, t); t1 = Math.max(t1, t); }
  if (opts.bars) { t0 -= opts.bars / 2; t1 += opts.bars / 2; }   // room for the first and last bars
  if (t1 <= t0) t1 = t0 + 1;
  const range = yRange(values, opts.max);
  const ymax = range.ymax;
  c.dataset.clipped = range.clipped ? 'true' : 'false';
  const X = t => L + (t - t0) / (t1 - t0) * (w - L - R);
  const Y = v => T + (1 - Math.min(v, ymax) / ymax) * (h - T - B);
  // axes and grid
  g.strokeStyle = '#e3e6ec'; g.fillStyle = '#6a7385'; g.font = '10px system-ui'; g.lineWidth = 1;
  const step = niceStep(ymax);
  for (let v = 0; v <= ymax + step / 1e6; v += step) {
    const y = Y(v);
    g.beginPath(); g.moveTo(L, y); g.lineTo(w - R, y); g.stroke();
    g.textAlign = 'right'; g.fillText(fmt(v), L - 4, y + 3);
  }
  for (let i = 0; i <= 5; i++) {
    const t = t0 + (t1 - t0) * i / 5;
    g.textAlign = i === 0 ? 'left' : i === 5 ? 'right' : 'center';   // the end labels stay inside
    g.fillText(t.toFixed(1) + ' s', X(t), h - B + 13);
  }
  // bars: one per time bin and series, side by side within the bin
  if (opts.bars) {
    const bw = Math.max(2, (X(t0 + opts.bars) - X(t0)) / keys.length - 1);
    keys.forEach((k, i) => {
      g.fillStyle = dash.colours[k];
      for (const [t, v] of series[k]) {
        if (v <= 0) continue;
        const x = X(t - opts.bars / 2) + i * (bw + 1);
        g.fillRect(Math.max(L, x), Y(v), bw, Y(0) - Y(v));
      }
    });
  }
  if (opts.bars && values.every(v => v <= 0)) {
    g.fillStyle = '#2f8f46'; g.font = '12px system-ui'; g.textAlign = 'center';
    g.fillText('no probe lost', (L + w - R) / 2, Y(ymax / 2));
  }
  // lines (a null value breaks the line), clipped points as triangles on the top edge
  keys.forEach(k => {
    if (opts.bars) return;
    g.strokeStyle = dash.colours[k]; g.lineWidth = 1.6; g.beginPath();
    let open = false;
    for (const [t, v] of series[k]) {
      if (v === null) { open = false; continue; }
      if (!open) g.moveTo(X(t), Y(v)); else g.lineTo(X(t), Y(v));
      open = true;
    }
    g.stroke();
    if (series[k].length === 1 && series[k][0][1] !== null) {   // a lone point is still visible
      g.fillStyle = dash.colours[k]; g.beginPath(); g.arc(X(series[k][0][0]), Y(series[k][0][1]), 2.5, 0, 7); g.fill();
    }
    g.fillStyle = '#c92a2a';
    for (const [t, v] of series[k]) {
      if (v === null || v <= ymax) continue;
      const x = X(t);
      g.beginPath(); g.moveTo(x, T - 2); g.lineTo(x - 4, T + 5); g.lineTo(x + 4, T + 5); g.closePath(); g.fill();
    }
  });
  if (range.clipped) {
    g.fillStyle = '#c92a2a'; g.font = '10px system-ui'; g.textAlign = 'right';
    g.fillText('\u25b2 above ' + fmt(ymax) + ' (max ' + fmt(range.max) + ')', w - R - 2, T + 16);
  }
  // lost probes: a red cross on the time axis
  if (opts.lost) {
    g.strokeStyle = '#c92a2a'; g.lineWidth = 1.4;
    const y = h - B - 4;
    for (const k of keys) for (const t of opts.lost[k] || []) {
      const x = X(t);
      g.beginPath(); g.moveTo(x - 3, y - 3); g.lineTo(x + 3, y + 3); g.moveTo(x + 3, y - 3); g.lineTo(x - 3, y + 3); g.stroke();
    }
  }
  // legend
  g.textAlign = 'left'; g.font = '11px system-ui';
  keys.forEach((k, i) => {
    const lx = L + (i % perRow) * ((w - L) / perRow), ly = h - B + 28 + 14 * Math.floor(i / perRow);
    g.fillStyle = dash.colours[k]; g.fillRect(lx, ly - 8, 10, 10);
    let text = k;
    if (opts.lost) {
      const n = series[k].length, lost = (opts.lost[k] || []).length;
      text += '  ' + lost + '/' + n + ' lost';
    }
    g.fillStyle = '#1d2433'; g.fillText(text, lx + 14, ly + 1);
  });
}

// the axis top: a multiple of a round step (1, 2 or 5 times a power of ten) that gives 3-5 gridlines
function niceMax(v) {
  if (v <= 0) return 1;
  return niceStep(v) * Math.ceil(v / niceStep(v) - 1e-9);
}

function niceStep(v) {
  const raw = v / 4, p = Math.pow(10, Math.floor(Math.log10(raw)));
  for (const m of [1, 2, 5, 10]) if (raw <= m * p) return m * p;
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
  document.querySelector('#filters tbody').innerHTML = filters.join('');
  document.querySelector('#aas tbody').innerHTML = aas.join('');
  document.getElementById('panel-filters').hidden = filters.length === 0;
  document.getElementById('panel-aas').hidden = aas.length === 0;
}

let shownLog = -1;
function drawLog() {
  document.getElementById('panel-log').hidden = dash.log.length === 0;
  if (shownLog === dash.log.length) return;
  shownLog = dash.log.length;
  const items = dash.log.slice(-300).reverse().map(e =>
    '<li><span class="t">' + e.t.toFixed(3) + ' s</span><span class="n">' + esc(e.node) + '</span>' + esc(e.event) + '</li>');
  document.getElementById('log').innerHTML = items.join('');
}

function esc(s) {
  return String(s).replace(/[&<>"]/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
}

// A report (aspen lab --report) or a finished run's page (--hold) carries the run itself: draw it
// now, while the page loads, so what opens (or a screenshot taken at load) shows the whole run.
// Otherwise follow the live stream.
function replay(messages) {
  const handlers = {
    topology: setTopology, sample: addSample, log: addLog, ping: addPing,
    end: m => { dash.ended = true; dash.t = Math.max(dash.t, m.t); },
  };
  for (const [kind, m] of messages) if (handlers[kind]) handlers[kind](m);
  dash.report = true;
  if (dash.topology) document.title = 'Aspen: ' + dash.topology.name + (dash.ended ? '' : ' (snapshot)');
  setState(dash.ended ? 'ended' : 'snapshot');
  render();
}

const embedded = document.getElementById('aspen-replay');
if (embedded) replay(JSON.parse(embedded.textContent));
else connect();
