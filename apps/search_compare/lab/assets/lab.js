// The search lab's page: asks the server for recorded runs (POST /api/lab/run) or loads a
// trace file, and plays a run back event by event. The trace format is written down in
// apps/common/include/hsearch/app/trace_json.hpp; docs/search_lab.md describes the page.
'use strict';

const $ = (id) => document.getElementById(id);
const TREE_MAX_NODES = 300;    // the tree is drawn for runs that record at most this many nodes,
const DRAWN_MAX_NODES = 150;   // each node as a small drawing of its state up to this many nodes
const DRAWN_MAX_WIDTH = 2400;  // and pixels across (wider trees scroll sideways); circles beyond

const EXAMPLES = {
  'fifteen-puzzle': '8 1 3\n4 0 2\n7 6 5',
  'hanoi': 'classic 3 3',
  'sokoban': null,  // the first built-in level
};

// Small Sokoban levels for the lab (each solved in well under a hundred expansions).
const SOKOBAN_LEVELS = [
  { name: 'one box, a corner to avoid', xsb: '#######\n#     #\n# $@  #\n##  . #\n #######' },
  { name: 'two boxes in a room', xsb: '######\n#    #\n# $$ #\n#.@ .#\n######' },
  { name: 'three boxes, three goals', xsb: '########\n#  .   #\n# $$$  #\n#. @  .#\n########' },
  { name: 'two boxes, the long way', xsb: '  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########' },
];

const HANOI_EXAMPLES = [
  'classic 3 3',
  'classic 4 4',
  'classic 3 5',
  'a2a1|b2b1|| -> ||b2b1|a2a1',
];

let catalog = null;
let players = [];
let chart = null;

function showError(message) {
  const box = $('error');
  box.textContent = message;
  box.hidden = false;
}
function clearError() {
  $('error').hidden = true;
  $('error').textContent = '';
}

function fillSelect(select, names, keep) {
  const old = keep ? select.value : null;
  select.innerHTML = '';
  for (const n of names) {
    const o = document.createElement('option');
    o.value = n;
    o.textContent = n;
    select.appendChild(o);
  }
  if (old && names.includes(old)) select.value = old;
}

function domainInfo(name) {
  return catalog.domains.find((d) => d.name === name);
}

function updateChoices(keep) {
  const d = domainInfo($('domain').value);
  for (const run of ['a', 'b']) {
    fillSelect($('algorithm-' + run), d.algorithms, keep);
    fillSelect($('heuristic-' + run), d.heuristics, keep);
    fillSelect($('pruning-' + run), d.prunings, keep);
  }
  updateSettingsState();
}

// Pruning goes with the depth-first algorithms only, weights with A*, a heuristic with A* and IDA*.
function updateSettingsState() {
  for (const run of ['a', 'b']) {
    const algorithm = $('algorithm-' + run).value;
    $('pruning-' + run).disabled = !(algorithm === 'ida' || algorithm === 'dfs');
    if ($('pruning-' + run).disabled) $('pruning-' + run).value = 'none';
    $('heuristic-' + run).disabled = !(algorithm === 'astar' || algorithm === 'ida');
    $('weight-g-' + run).disabled = $('weight-h-' + run).disabled = algorithm !== 'astar';
  }
  const b = document.querySelector('fieldset[data-run=b]');
  if ($('compare').checked) b.removeAttribute('data-off'); else b.setAttribute('data-off', '');
}

function setupInstanceTools() {
  const domain = $('domain').value;
  const tools = $('instance-tools');
  tools.innerHTML = '';
  const help = $('instance-help');
  if (domain === 'fifteen-puzzle') {
    tools.innerHTML =
      '<label>size <select id="tiles-size"><option value="3">3x3</option><option value="4">4x4</option></select></label>' +
      '<label>seed <input id="seed" type="number" min="0" value="1"></label>' +
      '<button type="button" id="random">random board</button>';
    $('random').addEventListener('click', randomBoard);
    help.textContent = 'Tiles row by row, 0 is the blank; the goal is 0 1 2 … (blank top left). ' +
      '"random board" draws the board that fifteen-puzzle --size WxH --random 1 --seed S prints. ' +
      'For a 4x4 board, paste one of Korf\'s 100 (korf100.txt) or draw one; most need more than the lab\'s node limit.';
    $('instance').value = EXAMPLES[domain];
  } else if (domain === 'hanoi') {
    const options = HANOI_EXAMPLES.map((e) => `<option>${e}</option>`).join('');
    tools.innerHTML = `<label>example <select id="hanoi-example">${options}</select></label>`;
    $('hanoi-example').addEventListener('change', () => { $('instance').value = $('hanoi-example').value; });
    help.textContent = '"classic PEGS DISKS", or "START -> GOAL" in the hanoi notation: pegs left to right ' +
      'separated by |, each peg bottom to top, a disk is its tower letter and size (a3a2a1|||).';
    $('instance').value = EXAMPLES[domain];
  } else {
    const options = SOKOBAN_LEVELS.map((l, i) => `<option value="${i}">${l.name}</option>`).join('');
    tools.innerHTML = `<label>built-in level <select id="sokoban-level">${options}</select></label>`;
    $('sokoban-level').addEventListener('change', () => {
      $('instance').value = SOKOBAN_LEVELS[Number($('sokoban-level').value)].xsb;
    });
    help.textContent = 'One level in XSB (# wall, @ player, $ box, . goal, * box on a goal, + player on a goal); ' +
      'paste your own small level. Costs are pushes.';
    $('instance').value = SOKOBAN_LEVELS[0].xsb;
  }
}

async function randomBoard() {
  clearError();
  const size = $('tiles-size').value;
  const seed = $('seed').value || '1';
  try {
    const answer = await fetch(`/api/lab/random?size=${encodeURIComponent(size)}&seed=${encodeURIComponent(seed)}`);
    const body = await answer.json();
    if (!answer.ok) throw new Error(body.error || answer.statusText);
    const tiles = body.instance.split(' ');
    const rows = [];
    for (let r = 0; r < body.size; ++r) rows.push(tiles.slice(r * body.size, (r + 1) * body.size).join(' '));
    $('instance').value = rows.join('\n');
  } catch (e) {
    showError('random board: ' + e.message);
  }
}

function settingsOf(run) {
  const value = (field) => {
    const el = document.querySelector(`fieldset[data-run=${run}] [data-field=${field}]`);
    return el.value;
  };
  const request = {
    domain: $('domain').value,
    instance: $('instance').value,
    algorithm: value('algorithm'),
    heuristic: value('heuristic'),
    pruning: $('pruning-' + run).disabled ? 'none' : value('pruning'),
    cap: Number($('cap').value || 50000),
  };
  if (request.algorithm === 'astar') {
    request.weight_g = Number(value('weight_g'));
    request.weight_h = Number(value('weight_h'));
  }
  return request;
}

async function requestRun(request) {
  const answer = await fetch('/api/lab/run', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
  });
  let body = null;
  try {
    body = await answer.json();
  } catch (e) {
    throw new Error(`the server answered ${answer.status} without JSON`);
  }
  if (!answer.ok) throw new Error(body.error || `the server answered ${answer.status}`);
  return body;
}

async function runSearches(event) {
  event.preventDefault();
  clearError();
  const requests = [settingsOf('a')];
  if ($('compare').checked) requests.push(settingsOf('b'));
  $('busy').hidden = false;
  $('run').disabled = true;
  try {
    const traces = [];
    for (const r of requests) {
      try {
        traces.push(await requestRun(r));
      } catch (e) {
        throw new Error((requests.length > 1 ? (traces.length === 0 ? 'search A: ' : 'search B: ') : '') + e.message);
      }
    }
    showTraces(traces);
  } catch (e) {
    showError(e.message);
  } finally {
    $('busy').hidden = true;
    $('run').disabled = false;
  }
}

function showTraces(traces) {
  for (const p of players) p.destroy();
  players = [];
  $('panels').innerHTML = '';
  traces.forEach((trace, i) => {
    players.push(new Player(trace, traces.length > 1 ? String.fromCharCode(65 + i) : ''));
  });
  updateComparison(traces);
}

function importTrace(file) {
  clearError();
  const reader = new FileReader();
  reader.onload = () => {
    try {
      const trace = JSON.parse(reader.result);
      if (trace.format !== 'hsearch-trace' || !Array.isArray(trace.events) || !Array.isArray(trace.states)) {
        throw new Error('not an hsearch trace (format "hsearch-trace")');
      }
      showTraces([trace]);
    } catch (e) {
      showError(`${file.name}: ${e.message}`);
    }
  };
  reader.readAsText(file);
}

// ---- drawing states as their domain draws them -------------------------------------------
// Each domain has one drawing function; `mini` asks for the small version the search tree uses
// (the same picture, its sizes taken from the .mini rules of lab.css or, for the SVG, scaled).

function drawTiles(text, mini) {
  const rows = text.split('\n').map((r) => r.trim().split(/\s+/));
  const grid = document.createElement('div');
  grid.className = mini ? 'tiles mini' : 'tiles';
  grid.style.gridTemplateColumns = `repeat(${rows[0].length}, auto)`;
  for (const row of rows) {
    for (const t of row) {
      const cell = document.createElement('div');
      if (t === '0') cell.className = 'blank'; else cell.textContent = t;
      grid.appendChild(cell);
    }
  }
  return grid;
}

function drawXsb(text, mini) {
  const rows = text.replace(/\n+$/, '').split('\n');
  const width = Math.max(...rows.map((r) => r.length));
  const grid = document.createElement('div');
  grid.className = mini ? 'xsb mini' : 'xsb';
  grid.style.gridTemplateColumns = `repeat(${width}, auto)`;
  for (const row of rows) {
    // Squares left of a row's first wall or right of its last are outside the level.
    const first = row.indexOf('#'), last = row.lastIndexOf('#');
    for (let c = 0; c < width; ++c) {
      const ch = row[c] || ' ';
      const cell = document.createElement('div');
      const classes = { '#': 'wall', '$': 'floor box', '*': 'goal box', '.': 'goal', '@': 'player', '+': 'goal player', ' ': 'floor' };
      cell.className = ch === ' ' && (c < first || c > last) ? 'outside' : classes[ch] || 'floor';
      grid.appendChild(cell);
    }
  }
  return grid;
}

const TOWER_COLOURS = ['#2f6fdd', '#e07b00', '#1e9e4a', '#9b59b6', '#c0392b', '#16a085'];

function drawHanoi(text, mini) {
  const pegs = text.split('|').map((peg) => {
    const disks = [];
    const re = /([a-z])(\d+)/g;
    let m;
    while ((m = re.exec(peg)) !== null) disks.push({ tower: m[1].charCodeAt(0) - 97, size: Number(m[2]) });
    return disks;
  });
  const maxSize = Math.max(1, ...pegs.flat().map((d) => d.size));
  // As tall as all the disks on one peg, so every state of an instance has the same size.
  const height = Math.max(3, pegs.flat().length);
  const pegWidth = 20 + maxSize * 14;
  const w = pegs.length * pegWidth + 10, h = height * 14 + 30;
  const scale = mini ? 0.32 : 1;
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('class', mini ? 'hanoi mini' : 'hanoi');
  svg.setAttribute('width', Math.round(w * scale));
  svg.setAttribute('height', Math.round(h * scale));
  svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  const rect = (x, y, rw, rh, fill) => {
    const r = document.createElementNS(ns, 'rect');
    r.setAttribute('x', x); r.setAttribute('y', y); r.setAttribute('width', rw); r.setAttribute('height', rh);
    r.setAttribute('rx', 2); r.setAttribute('fill', fill);
    svg.appendChild(r);
  };
  rect(0, h - 8, w, 8, '#6b5a4b');
  pegs.forEach((disks, i) => {
    const cx = 5 + i * pegWidth + pegWidth / 2;
    rect(cx - 2, 10, 4, h - 18, '#9a8a7a');
    disks.forEach((d, k) => {
      const dw = 10 + d.size * 14;
      rect(cx - dw / 2, h - 8 - (k + 1) * 14, dw, 12, TOWER_COLOURS[d.tower % TOWER_COLOURS.length]);
    });
  });
  return svg;
}

function drawState(domain, text, mini = false) {
  if (domain === 'fifteen-puzzle') return drawTiles(text, mini);
  if (domain === 'hanoi') return drawHanoi(text, mini);
  if (domain === 'sokoban') return drawXsb(text, mini);
  const pre = document.createElement('pre');
  pre.textContent = text;
  return pre;
}

// ---- playback ---------------------------------------------------------------------------

const OPEN = 1, CLOSED = 2, DROPPED = 3, DEAD = 4, SUPERSEDED = 5, OLD = 6, GOAL = 7;

class Player {
  constructor(trace, letter) {
    this.trace = trace;
    this.events = trace.events;
    this.letter = letter;
    const root = document.importNode($('panel-template').content, true).firstElementChild;
    root.id = 'panel-' + (letter ? letter.toLowerCase() : 'a');
    this.root = root;
    $('panels').appendChild(root);
    this.el = (role) => root.querySelector(`[data-role=${role}]`);
    this.nodeCount = 0;
    for (const e of this.events) if (e.t === 'root' || e.t === 'generate') this.nodeCount = Math.max(this.nodeCount, e.id + 1);
    const algorithm = trace.algorithm === 'astar' && trace.weight && trace.weight[0] !== trace.weight[1]
      ? `weighted A* (${trace.weight[0]}:${trace.weight[1]})` : trace.algorithm;
    this.el('title').textContent = (letter ? letter + ': ' : '') + `${trace.domain}, ${algorithm}` +
      (trace.heuristic && trace.heuristic !== '-' ? `, ${trace.heuristic}` : '') +
      (trace.pruning && trace.pruning !== 'none' ? `, pruning ${trace.pruning}` : '');
    if (trace.truncated) {
      const t = this.el('truncated');
      t.hidden = false;
      t.textContent = `The cap cut the recording: the first ${this.events.length} events of the run are here; ` +
        `the search went on to the totals shown below.`;
    }
    this.el('scrubber').max = String(this.events.length);
    this.bindControls();
    this.timer = null;
    this.selected = null;
    this.layoutTree();
    this.reset();
    this.render();
  }

  destroy() {
    this.pause();
  }

  bindControls() {
    this.el('first').addEventListener('click', () => { this.pause(); this.seek(0); });
    this.el('last').addEventListener('click', () => { this.pause(); this.seek(this.events.length); });
    this.el('step-forward').addEventListener('click', () => { this.pause(); this.seek(this.pos + 1); });
    this.el('step-back').addEventListener('click', () => { this.pause(); this.seek(this.pos - 1); });
    this.el('play').addEventListener('click', () => (this.timer ? this.pause() : this.play()));
    this.el('scrubber').addEventListener('input', () => { this.pause(); this.seek(Number(this.el('scrubber').value)); });
    this.el('export').addEventListener('click', () => this.exportTrace());
    this.el('speed').addEventListener('input', () => { if (this.timer) { this.pause(); this.play(); } });
  }

  exportTrace() {
    const blob = new Blob([JSON.stringify(this.trace)], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `trace-${this.trace.domain}-${this.trace.algorithm}.json`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  // Speed slider: from 2 to about 4000 events a second.
  play() {
    if (this.pos >= this.events.length) this.seek(0);
    const perSecond = 2 * Math.pow(2000, Number(this.el('speed').value) / 100);
    const tick = 40;
    let budget = 0;
    this.el('play').textContent = 'pause';
    this.timer = setInterval(() => {
      budget += perSecond * tick / 1000;
      const steps = Math.floor(budget);
      budget -= steps;
      if (steps > 0) this.seek(Math.min(this.events.length, this.pos + steps));
      if (this.pos >= this.events.length) this.pause();
    }, tick);
  }

  pause() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.el('play').textContent = 'play';
  }

  reset() {
    const n = this.nodeCount;
    this.status = new Uint8Array(n);
    this.parent = new Int32Array(n).fill(-1);
    this.g = new Float64Array(n);
    this.h = new Float64Array(n);   // NaN: dead end
    this.depth = new Int32Array(n);
    this.state = new Int32Array(n);
    this.move = new Array(n);
    this.replaces = new Int32Array(n).fill(-1);
    this.reopenedNode = new Uint8Array(n);
    this.open = new Set();
    this.counters = { expanded: 0, generated: 0, duplicates: 0, reopened: 0, pruned: 0, dead_ends: 0,
                      frontier: 0, largest_frontier: 0, depth: 0 };
    this.iterations = [];
    this.reopens = [];
    this.current = -1;
    this.onPath = null;
    this.pos = 0;
  }

  setStatus(id, s) {
    if (this.status[id] === OPEN) this.open.delete(id);
    this.status[id] = s;
    if (s === OPEN) this.open.add(id);
  }

  newNode(e) {
    const id = e.id;
    this.parent[id] = e.parent;
    this.g[id] = e.g;
    this.h[id] = e.h === null ? NaN : e.h;
    this.depth[id] = e.d;
    this.state[id] = e.s;
    this.move[id] = e.m;
    this.setStatus(id, OPEN);
  }

  apply(e, index) {
    const c = this.counters;
    switch (e.t) {
      case 'root':
        this.newNode(e);
        this.current = e.id;
        break;
      case 'generate':
        this.newNode(e);
        c.generated++;
        c.depth = Math.max(c.depth, e.d);
        this.current = e.id;
        if (e.replaces !== undefined && !this.trace.tree) {
          this.replaces[e.id] = e.replaces;
          if (this.status[e.replaces] === OPEN) this.setStatus(e.replaces, SUPERSEDED);
        }
        break;
      case 'duplicate': {
        c.duplicates++;
        this.setStatus(e.id, DROPPED);
        const r = this.replaces[e.id];
        if (r >= 0 && this.status[r] === SUPERSEDED) this.setStatus(r, OPEN);
        this.current = e.id;
        break;
      }
      case 'reopen':
        c.reopened++;
        this.reopenedNode[e.id] = 1;
        if (e.reopens >= 0) this.setStatus(e.reopens, SUPERSEDED);
        this.reopens.push({ index, id: e.id, g: e.g, state: e.s });
        this.current = e.id;
        break;
      case 'dead_end':
        c.dead_ends++;
        this.setStatus(e.id, DEAD);
        this.current = e.id;
        break;
      case 'expand':
        c.expanded++;
        this.setStatus(e.id, CLOSED);
        this.current = e.id;
        break;
      case 'prune':
        c.pruned++;
        break;
      case 'iteration_begin':
        for (const id of Array.from(this.open)) this.setStatus(id, OLD);
        this.iterations.push({ bound: e.bound, done: false });
        break;
      case 'iteration_end': {
        const it = this.iterations[this.iterations.length - 1];
        if (it) Object.assign(it, { done: true, expanded: e.expanded, generated: e.generated, next: e.next_bound });
        break;
      }
      case 'solution':
        this.onPath = new Set(this.trace.path || []);
        this.setStatus(e.id, GOAL);
        this.current = e.id;
        break;
      default:
        break;
    }
    c.frontier = this.open.size;
    c.largest_frontier = Math.max(c.largest_frontier, c.frontier);
  }

  seek(target) {
    target = Math.max(0, Math.min(this.events.length, target));
    if (target < this.pos) this.reset();
    while (this.pos < target) {
      this.apply(this.events[this.pos], this.pos);
      this.pos++;
    }
    this.render();
  }

  describe(e) {
    if (!e) return 'the start: nothing done yet';
    const f = (id) => `#${id}`;
    switch (e.t) {
      case 'root': return `root ${f(e.id)}`;
      case 'generate': return `generate ${f(e.id)} from ${f(e.parent)} by ${e.m}` + (e.replaces !== undefined ? ` (state known as ${f(e.replaces)})` : '');
      case 'expand': return `expand ${f(e.id)}`;
      case 'duplicate': return `duplicate: ${f(e.id)} dropped`;
      case 'reopen': return `reopen: ${f(e.id)} reaches a closed state (${f(e.reopens)}) by a cheaper path, back on the open list`;
      case 'dead_end': return `dead end: ${f(e.id)} cannot reach a goal`;
      case 'prune': return `prune: the automaton refuses ${e.m} after ${f(e.parent)}`;
      case 'iteration_begin': return `iteration starts with bound ${e.bound}`;
      case 'iteration_end': return `iteration ends: ${e.expanded} expanded, next bound ${e.next_bound}`;
      case 'solution': return `solution: cost ${e.cost}, goal ${f(e.id)}`;
      default: return e.t;
    }
  }

  fOf(id) {
    const w = this.trace.weight || [1, 1];
    return Number.isNaN(this.h[id]) ? Infinity : w[0] * this.g[id] + w[1] * this.h[id];
  }

  render() {
    const events = this.events;
    this.el('scrubber').value = String(this.pos);
    this.el('position').textContent = `${this.pos} / ${events.length}`;
    this.el('event').textContent = this.pos > 0 ? '— ' + this.describe(events[this.pos - 1]) : '— the start: nothing done yet';
    for (const [k, v] of Object.entries(this.counters)) {
      const cell = this.root.querySelector(`[data-counter=${k}]`);
      if (cell) cell.textContent = String(v);
    }
    this.renderNode(this.selected !== null && this.selected < this.nodeCount && this.status[this.selected] ? this.selected : this.current);
    this.renderFrontier();
    this.renderIterations();
    this.renderReopens();
    this.renderOutcome();
    this.renderTree();
  }

  renderNode(id) {
    const box = this.el('state');
    box.innerHTML = '';
    const table = this.el('node');
    table.innerHTML = '';
    if (id < 0 || !this.status[id]) {
      const start = this.trace.solution && this.trace.solution.states && this.trace.solution.states.length
        ? this.trace.states[this.trace.solution.states[0]] : this.trace.states[0];
      if (start !== undefined) box.appendChild(drawState(this.trace.domain, start));
      return;
    }
    box.appendChild(drawState(this.trace.domain, this.trace.states[this.state[id]]));
    const names = { 1: 'frontier (open)', 2: 'expanded (closed)', 3: 'duplicate (dropped)', 4: 'dead end', 5: 'replaced by a cheaper copy', 6: 'earlier iteration', 7: 'goal' };
    const h = this.h[id];
    const rows = [
      ['node', '#' + id + (this.reopenedNode[id] ? ' (reopened)' : '')],
      ['parent', this.parent[id] >= 0 ? '#' + this.parent[id] : '—'],
      ['move', this.move[id] || '—'],
      ['g', this.g[id]],
      ['h', Number.isNaN(h) ? '∞ (dead end)' : h],
      ['f', Number.isNaN(h) ? '∞' : this.fOf(id)],
      ['depth', this.depth[id]],
      ['status', names[this.status[id]] || ''],
    ];
    for (const [k, v] of rows) {
      const tr = document.createElement('tr');
      tr.innerHTML = `<th>${k}</th><td data-field="${k}"></td>`;
      tr.lastChild.textContent = String(v);
      table.appendChild(tr);
    }
  }

  renderFrontier() {
    const list = this.el('frontier');
    list.innerHTML = '';
    const bound = this.iterations.length ? this.iterations[this.iterations.length - 1].bound : null;
    const best = [];
    // The 20 smallest f (ties: larger g first, as A* takes them) without sorting the whole set.
    const before = (a, b) => {
      const fa = this.fOf(a), fb = this.fOf(b);
      return fa !== fb ? fa < fb : this.g[a] > this.g[b];
    };
    for (const id of this.open) {
      if (best.length < 20) {
        best.push(id);
        best.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
      } else if (before(id, best[19])) {
        best[19] = id;
        best.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
      }
    }
    for (const id of best) {
      const li = document.createElement('li');
      const f = this.fOf(id);
      li.textContent = `#${id}  f=${f}  g=${this.g[id]}  h=${this.h[id]}  depth ${this.depth[id]}`;
      if (bound !== null && this.trace.algorithm === 'ida' && f > bound) {
        li.className = 'over';
        li.textContent += '  (over the bound)';
      }
      li.addEventListener('click', () => { this.selected = id; this.render(); });
      list.appendChild(li);
    }
    if (this.open.size > 20) {
      const li = document.createElement('li');
      li.className = 'over';
      li.textContent = `… and ${this.open.size - 20} more`;
      list.appendChild(li);
    }
  }

  renderIterations() {
    const box = this.el('iterations-box');
    box.hidden = this.iterations.length === 0;
    const list = this.el('iterations');
    list.innerHTML = '';
    for (const it of this.iterations) {
      const li = document.createElement('li');
      li.dataset.bound = String(it.bound);
      li.textContent = `bound ${it.bound}` + (it.done ? `: ${it.expanded} expanded, ${it.generated} generated, next bound ${it.next}` : ': running');
      list.appendChild(li);
    }
  }

  renderReopens() {
    const box = this.el('reopens-box');
    box.hidden = this.reopens.length === 0;
    const list = this.el('reopens');
    list.innerHTML = '';
    for (const r of this.reopens.slice(-50)) {
      const li = document.createElement('li');
      li.textContent = `event ${r.index + 1}: node #${r.id} reopened with g=${r.g}`;
      li.addEventListener('click', () => { this.pause(); this.seek(r.index + 1); });
      list.appendChild(li);
    }
  }

  renderOutcome() {
    const r = this.trace.result || {};
    const atEnd = this.pos >= this.events.length;
    const solution = this.trace.solution || {};
    const moves = solution.moves ? solution.moves.length : null;
    let text = `Run: ${r.status}`;
    if (r.status === 'solved') text += `, cost ${r.cost}${r.optimal ? ' (proven optimal)' : ''}`;
    text += `; in total ${r.expanded} expanded, ${r.generated} generated, ${r.duplicates} duplicates, ${r.reopened} reopened`;
    const p = this.el('outcome');
    p.textContent = text + '.';
    if (atEnd && r.status === 'solved') {
      const s = document.createElement('span');
      s.dataset.role = 'path-length';
      s.textContent = String(moves);
      const line = document.createElement('div');
      line.append('Solution path: ', s, ' moves' + (solution.moves && moves <= 60 ? ': ' + solution.moves.join(' ') : ''));
      p.appendChild(line);
    }
  }

  // The whole recorded tree laid out once: subtrees pushed together as far as their levels allow
  // (a node is one column wide), parents over the middle of their children. Small trees get a
  // drawing of each node's state, larger ones a circle; each render only marks which nodes exist
  // at this point of the run and their status.
  layoutTree() {
    this.treeNodes = null;
    const n = this.nodeCount;
    const holder = this.el('tree');
    const note = this.el('tree-note');
    if (n === 0 || n > TREE_MAX_NODES) {
      holder.hidden = true;
      note.textContent = `The tree is drawn for runs of at most ${TREE_MAX_NODES} recorded nodes (this one has ${n}).`;
      return;
    }
    const children = Array.from({ length: n }, () => []);
    const parent = new Int32Array(n).fill(-1);
    const depth = new Int32Array(n);
    const g = new Float64Array(n), h = new Float64Array(n), state = new Int32Array(n);
    const roots = [];
    for (const e of this.events) {
      if (e.t !== 'root' && e.t !== 'generate') continue;
      depth[e.id] = e.d; g[e.id] = e.g; h[e.id] = e.h === null ? NaN : e.h; state[e.id] = e.s;
      if (e.t === 'generate' && e.parent >= 0) { parent[e.id] = e.parent; children[e.parent].push(e.id); } else roots.push(e.id);
    }
    const x = new Float64Array(n);
    const subtree = (id, out) => { out.push(id); for (const c of children[id]) subtree(c, out); return out; };
    // Places the trees one after the other, each moved left until one of its levels meets its
    // left neighbours' (at least one column between two nodes of a level).
    const placeRow = (ids) => {
      const right = new Map();
      for (const c of ids) {
        place(c);
        const nodes = subtree(c, []);
        let shift = 0;
        if (right.size > 0) {
          shift = -Infinity;
          for (const v of nodes) if (right.has(depth[v])) shift = Math.max(shift, right.get(depth[v]) + 1 - x[v]);
          if (shift === -Infinity) shift = Math.max(...right.values()) + 1;
        }
        for (const v of nodes) {
          x[v] += shift;
          right.set(depth[v], Math.max(right.has(depth[v]) ? right.get(depth[v]) : -Infinity, x[v]));
        }
      }
    };
    const place = (id) => {
      x[id] = 0;
      const kids = children[id];
      if (kids.length === 0) return;
      placeRow(kids);
      x[id] = (x[kids[0]] + x[kids[kids.length - 1]]) / 2;
    };
    placeRow(roots);
    let least = Infinity, most = -Infinity, maxDepth = 0;
    for (let i = 0; i < n; ++i) { least = Math.min(least, x[i]); most = Math.max(most, x[i]); maxDepth = Math.max(maxDepth, depth[i]); }
    for (let i = 0; i < n; ++i) x[i] -= least;
    const columns = most - least + 1;
    this.treeNodes = { x, depth, parent, g, h, state, columns, maxDepth, drawn: null, look: new Array(n) };
    holder.hidden = false;
    holder.innerHTML = '';
    // One drawing measured first: every state of an instance is drawn at the same size.
    const sample = document.createElement('div');
    sample.className = 'tnode';
    sample.appendChild(drawState(this.trace.domain, this.trace.states[state[roots[0]]], true));
    let longest = 0;
    for (let i = 1; i < n; ++i) if (this.treeLabel(i).length > this.treeLabel(longest).length) longest = i;
    sample.insertAdjacentHTML('beforeend', `<span class="tlabel">${this.treeLabel(longest)}</span>`);
    holder.appendChild(sample);
    const slotW = sample.offsetWidth + 6, slotH = sample.offsetHeight;
    holder.innerHTML = '';
    if (n <= DRAWN_MAX_NODES && slotW > 6 && columns * slotW <= DRAWN_MAX_WIDTH) {
      this.layoutDrawings(holder, slotW, slotH);
      note.textContent = `${n} nodes, each drawn with its state, frame coloured by status, f, g and h under it; ` +
        'a click shows a node as the current node.';
    } else {
      note.textContent = `${n} nodes: too many to draw each state (drawings are for trees of at most ` +
        `${DRAWN_MAX_NODES} nodes, about ${DRAWN_MAX_WIDTH} pixels across; this one would be ` +
        `${Math.round(columns * slotW)}). Circles with f in them; the state is in a node's tooltip, a click shows it.`;
    }
  }

  // The drawn tree: one element per node, made once, positioned over the edges' SVG.
  layoutDrawings(holder, slotW, slotH) {
    const t = this.treeNodes;
    const dy = slotH + 22, pad = 6;
    const w = t.columns * slotW + 2 * pad, hgt = (t.maxDepth + 1) * dy - 22 + 2 * pad;
    const canvas = document.createElement('div');
    canvas.className = 'tree-canvas';
    canvas.style.width = `${w}px`;
    canvas.style.height = `${hgt}px`;
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('width', w);
    svg.setAttribute('height', hgt);
    canvas.appendChild(svg);
    const centre = (id) => pad + t.x[id] * slotW + slotW / 2;
    const nodes = [], edges = [];
    for (let id = 0; id < this.nodeCount; ++id) {
      const p = t.parent[id];
      if (p >= 0) {
        const line = document.createElementNS(ns, 'line');
        line.setAttribute('x1', centre(p)); line.setAttribute('y1', pad + t.depth[p] * dy + slotH);
        line.setAttribute('x2', centre(id)); line.setAttribute('y2', pad + t.depth[id] * dy);
        svg.appendChild(line);
        edges[id] = line;
      }
      const node = document.createElement('div');
      node.className = 'tnode';
      node.dataset.node = String(id);
      node.style.left = `${centre(id)}px`;
      node.style.top = `${pad + t.depth[id] * dy}px`;
      node.appendChild(drawState(this.trace.domain, this.trace.states[t.state[id]], true));
      const label = document.createElement('span');
      label.className = 'tlabel';
      label.innerHTML = this.treeLabel(id);
      node.appendChild(label);
      node.title = `#${id}`;
      node.addEventListener('click', () => { this.selected = id; this.render(); });
      node.hidden = true;
      canvas.appendChild(node);
      nodes[id] = node;
    }
    holder.appendChild(canvas);
    t.drawn = { nodes, edges };
  }

  treeLabel(id) {
    const t = this.treeNodes, w = this.trace.weight || [1, 1];
    return Number.isNaN(t.h[id]) ? `<b>dead</b> g${t.g[id]}` : `<b>f${w[0] * t.g[id] + w[1] * t.h[id]}</b> g${t.g[id]} h${t.h[id]}`;
  }

  renderTree() {
    if (!this.treeNodes) return;
    if (this.treeNodes.drawn) { this.renderDrawnTree(); return; }
    const t = this.treeNodes;
    const dx = 26, dy = 40, r = 9;
    const w = Math.max(1, t.columns) * dx + 20, h = (t.maxDepth + 1) * dy + 20;
    const colour = { 1: 'var(--open)', 2: 'var(--closed)', 3: 'var(--dropped)', 4: 'var(--dropped)', 5: '#b8c0cc', 6: '#d5d9e0', 7: 'var(--path)' };
    let edges = '', nodes = '';
    for (let id = 0; id < this.nodeCount; ++id) {
      if (!this.status[id]) continue;
      const cx = 10 + t.x[id] * dx + dx / 2, cy = 10 + t.depth[id] * dy + r;
      const p = t.parent[id];
      const onPath = this.onPath && this.onPath.has(id);
      if (p >= 0) {
        const px = 10 + t.x[p] * dx + dx / 2, py = 10 + t.depth[p] * dy + r;
        const stroke = onPath && this.onPath.has(p) ? 'var(--path)' : '#b8c0cc';
        edges += `<line x1="${px}" y1="${py}" x2="${cx}" y2="${cy}" stroke="${stroke}" stroke-width="${onPath ? 3 : 1}"/>`;
      }
      const fill = id === this.current ? 'var(--current)' : colour[this.status[id]];
      const f = this.fOf(id);
      const ring = onPath ? ' stroke="var(--path)" stroke-width="3"' : this.reopenedNode[id] ? ' stroke="#000" stroke-dasharray="2 2"' : '';
      const dash = this.status[id] === DROPPED || this.status[id] === DEAD ? ' fill-opacity="0.45"' : '';
      nodes += `<g data-node="${id}"><circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${ring}${dash}>` +
        `<title>#${id} g=${this.g[id]} h=${this.h[id]} f=${f}\n${this.trace.states[this.state[id]]}</title></circle>` +
        `<text x="${cx}" y="${cy + 3}" text-anchor="middle" fill="#fff">${Number.isFinite(f) ? f : '∞'}</text></g>`;
    }
    const holder = this.el('tree');
    holder.innerHTML = `<svg width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${edges}${nodes}</svg>`;
    holder.querySelectorAll('g[data-node]').forEach((g) => {
      g.addEventListener('click', () => { this.selected = Number(g.dataset.node); this.render(); });
    });
  }

  // Only what changed since the last render is written to the page, so playback stays smooth.
  renderDrawnTree() {
    const t = this.treeNodes;
    const names = { 1: 'open', 2: 'closed', 3: 'dropped', 4: 'dead', 5: 'superseded', 6: 'old', 7: 'goal' };
    const selected = this.selected !== null && this.selected < this.nodeCount && this.status[this.selected] ? this.selected : -1;
    for (let id = 0; id < this.nodeCount; ++id) {
      const node = t.drawn.nodes[id], edge = t.drawn.edges[id];
      const s = this.status[id];
      const onPath = !!(this.onPath && this.onPath.has(id));
      const look = s ? `${names[s]}|${onPath}|${id === this.current}|${id === selected}|${this.reopenedNode[id]}` : '';
      if (t.look[id] === look) continue;
      t.look[id] = look;
      node.hidden = !s;
      if (edge) {
        edge.style.display = s ? '' : 'none';
        edge.setAttribute('class', onPath ? 'path' : '');
      }
      if (!s) continue;
      node.dataset.status = names[s];
      node.classList.toggle('path', onPath);
      node.classList.toggle('current', id === this.current);
      node.classList.toggle('selected', id === selected);
      node.classList.toggle('reopened', !!this.reopenedNode[id]);
    }
    // The tree box follows the current node when it leaves the visible part (the box only, not the page).
    const shown = selected >= 0 ? selected : this.current;
    if (shown >= 0 && shown !== t.followed) {
      t.followed = shown;
      const box = this.el('tree'), node = t.drawn.nodes[shown];
      const left = node.offsetLeft - node.offsetWidth / 2, top = node.offsetTop;
      if (left < box.scrollLeft || left + node.offsetWidth > box.scrollLeft + box.clientWidth) {
        box.scrollLeft = left + node.offsetWidth / 2 - box.clientWidth / 2;
      }
      if (top < box.scrollTop || top + node.offsetHeight > box.scrollTop + box.clientHeight) {
        box.scrollTop = top + node.offsetHeight / 2 - box.clientHeight / 2;
      }
    }
  }
}

// ---- side by side -----------------------------------------------------------------------

function perDepthOrIteration(trace) {
  const r = trace.result || {};
  if (r.iterations && r.iterations.length > 0) {
    return { by: 'iteration bound', labels: r.iterations.map((it) => String(it.bound)), values: r.iterations.map((it) => it.expanded) };
  }
  const counts = [];
  for (const e of trace.events) {
    if (e.t !== 'expand') continue;
    counts[e.d] = (counts[e.d] || 0) + 1;
  }
  const labels = [], values = [];
  for (let d = 0; d < counts.length; ++d) { labels.push(String(d)); values.push(counts[d] || 0); }
  return { by: 'depth', labels, values };
}

function updateComparison(traces) {
  const section = $('comparison');
  if (chart) { chart.destroy(); chart = null; }
  if (traces.length < 2) { section.hidden = true; return; }
  section.hidden = false;
  const rows = [['', 'A', 'B']];
  const label = (t) => `${t.algorithm}${t.heuristic && t.heuristic !== '-' ? ', ' + t.heuristic : ''}${t.pruning && t.pruning !== 'none' ? ', ' + t.pruning : ''}`;
  rows.push(['settings', label(traces[0]), label(traces[1])]);
  for (const k of ['status', 'cost', 'expanded', 'generated', 'duplicates', 'reopened', 'pruned']) {
    rows.push([k, String(traces[0].result[k]), String(traces[1].result[k])]);
  }
  const table = $('comparison-table');
  table.innerHTML = '';
  rows.forEach((row, i) => {
    const tr = document.createElement('tr');
    row.forEach((cell, j) => {
      const c = document.createElement(i === 0 || j === 0 ? 'th' : 'td');
      c.textContent = cell;
      if (j > 0 && i > 0) c.dataset.compare = `${rows[i][0]}-${j === 1 ? 'a' : 'b'}`;
      tr.appendChild(c);
    });
    table.appendChild(tr);
  });
  const series = traces.map(perDepthOrIteration);
  const note = $('chart-note');
  const by = series[0].by === series[1].by ? series[0].by : 'depth or iteration';
  if (typeof window.Chart === 'undefined') {
    note.textContent = 'Chart.js is not installed on the server (libjs-chart.js): the chart is left out.';
    return;
  }
  note.textContent = `Nodes expanded per ${by}` + (traces.some((t) => t.truncated && !(t.result.iterations || []).length) ? ' (recorded events only)' : '') + '.';
  const n = Math.max(series[0].labels.length, series[1].labels.length);
  const labels = series[0].labels.length >= series[1].labels.length ? series[0].labels : series[1].labels;
  chart = new window.Chart($('chart'), {
    type: 'bar',
    data: {
      labels: series[0].by === series[1].by ? labels : Array.from({ length: n }, (_, i) => String(i + 1)),
      datasets: [
        { label: 'A: ' + label(traces[0]), data: series[0].values, backgroundColor: '#2f6fdd' },
        { label: 'B: ' + label(traces[1]), data: series[1].values, backgroundColor: '#e07b00' },
      ],
    },
    options: { responsive: true, maintainAspectRatio: false, animation: false,
               scales: { x: { title: { display: true, text: by } }, y: { title: { display: true, text: 'expanded' } } } },
  });
}

// ---- start ------------------------------------------------------------------------------

async function start() {
  try {
    const answer = await fetch('/api/lab/catalog');
    catalog = await answer.json();
  } catch (e) {
    showError('cannot reach the lab server: ' + e.message);
    return;
  }
  const l = catalog.limits;
  $('limits').textContent = `Limits of a run: ${l.node_limit} expansions, ${l.time_limit} s, ${l.cap} recorded events; ` +
    `boards up to 4x4, Hanoi up to ${l.disks} disks and ${l.pegs} pegs, Sokoban up to ${l.sokoban_cells} squares and ${l.boxes} boxes.`;
  $('domain').addEventListener('change', () => { updateChoices(false); setupInstanceTools(); });
  for (const run of ['a', 'b']) $('algorithm-' + run).addEventListener('change', updateSettingsState);
  $('compare').addEventListener('change', updateSettingsState);
  $('setup').addEventListener('submit', runSearches);
  $('import').addEventListener('change', () => { if ($('import').files[0]) importTrace($('import').files[0]); });
  updateChoices(false);
  setupInstanceTools();
  $('heuristic-b').value = domainInfo($('domain').value).heuristics[1] || $('heuristic-b').value;
}

start();
