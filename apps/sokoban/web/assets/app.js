// The page of `sokoban serve`: draws the game the server holds and sends it the player's keys.
// Every rule (moves, pushes, undo, the deadlock tests, the solver) is the server's; this file only
// asks, draws and animates. Plain JavaScript, no framework, no build step, nothing fetched but the
// page's own files and the JSON API (docs/sokoban_web.md).
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  const enc = encodeURIComponent;

  // ---------------------------------------------------------------------------------------------
  // The API

  class ApiError extends Error {
    constructor(status, message) {
      super(message);
      this.status = status;
    }
  }

  // One JSON request. An answer that is not 2xx becomes an ApiError carrying the server's own
  // {"error": ...} text, which the caller shows: no error is dropped on the floor.
  async function api(method, path, body) {
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch('api/' + path, init);
    } catch (e) {
      throw new ApiError(0, 'the server does not answer (is `sokoban serve` still running?)');
    }
    const text = await response.text();
    let data = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch (e) {
        data = null;
      }
    }
    if (!response.ok) {
      let message = data && typeof data.error === 'string' ? data.error : `${response.status} ${response.statusText}`;
      // 503: the solver's queue is full. The server's text usually says so; if not, the page does.
      if (response.status === 503 && !/busy/i.test(message)) message = `the solver is busy, try again in a moment (${message})`;
      throw new ApiError(response.status, message);
    }
    return data;
  }

  // ---------------------------------------------------------------------------------------------
  // What the page knows

  const app = {
    collections: [],    // GET /api/collections
    profile: null,      // the profile's name, null for a guest
    progress: null,     // GET /api/profiles/NAME (solved marks, best scores, unlocked levels)
    mustChoose: true,   // no game yet, or the profile in use was deleted: the profile dialog stays
    game: null,         // the game state as the server last sent it
    viewCollection: 0,  // the collection shown in the level list
    hint: null,         // {box, dir, walk, history}: the hint shown, valid while the history is the same
    helper: null,       // the hint or solve job running for the player's game
    playback: null,     // the solver's solution being played on the player's board
    raceMode: 'off',    // off, step or clock
    race: null,         // the race in progress (see startRace)
    tile: 32,           // the board's square size in CSS pixels
  };

  // Requests that change a game run one after the other, in the order of the keys: a fast typist
  // (or a test) may press ten keys before the first answer comes back.
  let queue = Promise.resolve();
  let pending = 0;
  function enqueue(task) {
    pending += 1;
    updateTestState();
    const run = queue
      .then(task)
      .catch(showError)
      .finally(() => {
        pending -= 1;
        updateTestState();
      });
    queue = run;
    return run;
  }

  // ---------------------------------------------------------------------------------------------
  // Messages

  function say(text, kind = 'info') {
    const m = $('message');
    m.textContent = text;
    m.className = 'message ' + kind;
  }

  function showError(e) {
    const text = e instanceof Error ? e.message : String(e);
    if (!$('profile-dialog').hidden) {
      $('profile-error').textContent = text;
    } else {
      say(text, 'error');
    }
    // A bug of the page itself still reaches the developer's console.
    if (!(e instanceof ApiError)) console.error(e);
  }

  const number = (n) => (typeof n === 'number' ? n.toLocaleString('en-US') : '–');

  // "12,000 nodes · push bound 96 · 0.8 s": a job's search progress as the events report it.
  function progressText(job) {
    if (!job) return 'asking the solver…';
    if (job.state === 'queued') return 'waiting for a free solver thread…';
    const parts = [`${number(job.expanded)} nodes expanded`, `${number(job.generated)} generated`];
    if (job.bound !== null && job.bound !== undefined) parts.push(`push bound ${job.bound}`);
    if (typeof job.seconds === 'number') parts.push(`${job.seconds.toFixed(1)} s`);
    return parts.join(' · ');
  }

  // ---------------------------------------------------------------------------------------------
  // Following a solver job: server-sent events, else polling

  // Calls onUpdate with each report of the job, then onDone once with the finished job, or
  // onError when the job cannot be read any more. The events stream is preferred; if it breaks or
  // stays silent, GET /api/jobs/ID is polled instead, so the page never waits on a dead stream.
  function followJob(id, { onUpdate, onDone, onError }) {
    let stopped = false;
    let source = null;
    let polling = false;
    let pollTimer = null;
    let watchdog = null;

    const stop = () => {
      stopped = true;
      if (source) source.close();
      source = null;
      clearTimeout(pollTimer);
      clearTimeout(watchdog);
    };
    const update = (job) => {
      if (stopped) return;
      onUpdate(job);
      if (job.state === 'done') {
        stop();
        onDone(job);
      } else if (source) {
        clearTimeout(watchdog);
        watchdog = setTimeout(fallBack, 5000);
      }
    };
    const poll = async () => {
      if (stopped) return;
      let job;
      try {
        job = await api('GET', `jobs/${enc(id)}`);
      } catch (e) {
        if (!stopped) {
          stop();
          onError(e);
        }
        return;
      }
      update(job);
      if (!stopped) pollTimer = setTimeout(poll, 300);
    };
    function fallBack() {
      if (source) source.close();
      source = null;
      clearTimeout(watchdog);
      if (!stopped && !polling) {
        polling = true;
        poll();
      }
    }

    if (typeof EventSource === 'function') {
      source = new EventSource(`api/jobs/${enc(id)}/events`);
      source.onmessage = (event) => {
        let job;
        try {
          job = JSON.parse(event.data);
        } catch (e) {
          fallBack();
          return;
        }
        update(job);
      };
      // A stream that ends without the final event, or never opens: read the job instead.
      source.onerror = fallBack;
      watchdog = setTimeout(fallBack, 5000);
    } else {
      fallBack();
    }
    return { stop };
  }

  // ---------------------------------------------------------------------------------------------
  // Drawing the board

  const COLOR = {
    floor: '#f1e6cf',
    floorAlt: '#ebdec2',
    wall: '#64748b',
    mortar: '#56657b',
    wallLight: '#8493aa',
    wallDark: '#3e495b',
    goal: '#1f9e8e',
    box: '#d7934a',
    boxEdge: '#8a5524',
    boxLine: '#b77431',
    boxGoal: '#4fae78',
    boxGoalEdge: '#2a6b48',
    boxGoalLine: '#3d9363',
    dead: '#e2524f',
    deadEdge: '#8e1d1d',
    player: '#3a66dc',
    playerEdge: '#1c3a8e',
    hint: '#ffbf1f',
  };

  const DIRS = { u: [-1, 0], d: [1, 0], l: [0, -1], r: [0, 1] };
  const DIR_NAMES = { up: 'u', down: 'd', left: 'l', right: 'r' };

  function roundRect(ctx, x, y, w, h, r) {
    ctx.beginPath();
    ctx.moveTo(x + r, y);
    ctx.arcTo(x + w, y, x + w, y + h, r);
    ctx.arcTo(x + w, y + h, x, y + h, r);
    ctx.arcTo(x, y + h, x, y, r);
    ctx.arcTo(x, y, x + w, y, r);
    ctx.closePath();
  }

  // The squares a player could ever reach (through boxes, not walls): the floor. Spaces outside the
  // walls are not drawn, so the level shows its own shape.
  function insideSquares(state) {
    const inside = new Set();
    const [pr, pc] = state.player;
    const stack = [[pr, pc]];
    while (stack.length) {
      const [r, c] = stack.pop();
      const key = r * state.width + c;
      if (r < 0 || r >= state.height || c < 0 || c >= state.width || inside.has(key)) continue;
      if (state.rows[r][c] === '#') continue;
      inside.add(key);
      stack.push([r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]);
    }
    return inside;
  }

  // The direction the player looks: its last move, down at the start.
  function facing(history) {
    const last = history ? history[history.length - 1].toLowerCase() : 'd';
    return DIRS[last] || DIRS.d;
  }

  // A wall square, drawn so that neighbouring walls join into one masonry block: bricks in a running
  // bond across squares, light and shadow only on the sides that face the floor.
  function drawWall(ctx, x, y, t, wallAt) {
    const up = wallAt(-1, 0);
    const down = wallAt(1, 0);
    const left = wallAt(0, -1);
    const right = wallAt(0, 1);
    ctx.fillStyle = COLOR.wall;
    ctx.fillRect(x, y, t, t);
    if (t >= 12) {
      ctx.strokeStyle = COLOR.mortar;
      ctx.lineWidth = Math.max(1, t * 0.045);
      ctx.beginPath();
      ctx.moveTo(x, y + t / 2);
      ctx.lineTo(x + t, y + t / 2);
      if (up) {
        ctx.moveTo(x, y);
        ctx.lineTo(x + t, y);
      }
      ctx.moveTo(x + t / 2, y);
      ctx.lineTo(x + t / 2, y + t / 2);
      if (left) {
        ctx.moveTo(x, y + t / 2);
        ctx.lineTo(x, y + t);
      }
      ctx.stroke();
    }
    const b = Math.max(1, t * 0.08);
    ctx.fillStyle = COLOR.wallLight;
    if (!up) ctx.fillRect(x, y, t, b);
    if (!left) ctx.fillRect(x, y, b, t);
    ctx.fillStyle = COLOR.wallDark;
    if (!down) ctx.fillRect(x, y + t - b, t, b);
    if (!right) ctx.fillRect(x + t - b, y, b, t);
  }

  function drawGoal(ctx, x, y, t) {
    ctx.strokeStyle = COLOR.goal;
    ctx.fillStyle = COLOR.goal;
    ctx.lineWidth = Math.max(1.5, t * 0.07);
    ctx.beginPath();
    ctx.arc(x + t / 2, y + t / 2, t * 0.22, 0, Math.PI * 2);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(x + t / 2, y + t / 2, t * 0.08, 0, Math.PI * 2);
    ctx.fill();
  }

  // A wooden crate: orange off a goal, green on one, red when a deadlock test names it.
  function drawBox(ctx, x, y, t, kind, glow) {
    const palette = {
      box: [COLOR.box, COLOR.boxEdge, COLOR.boxLine],
      goal: [COLOR.boxGoal, COLOR.boxGoalEdge, COLOR.boxGoalLine],
      dead: [COLOR.dead, COLOR.deadEdge, COLOR.deadEdge],
    }[kind];
    const m = t * 0.09;
    const s = t - 2 * m;
    if (glow) {
      ctx.save();
      ctx.shadowColor = glow;
      ctx.shadowBlur = t * 0.5;
    }
    roundRect(ctx, x + m, y + m, s, s, t * 0.12);
    ctx.fillStyle = palette[0];
    ctx.fill();
    if (glow) ctx.restore();
    ctx.lineWidth = Math.max(1, t * 0.06);
    ctx.strokeStyle = palette[1];
    ctx.stroke();
    const i = t * 0.23;
    ctx.lineWidth = Math.max(1, t * 0.05);
    ctx.strokeStyle = palette[2];
    ctx.strokeRect(x + i, y + i, t - 2 * i, t - 2 * i);
    ctx.beginPath();
    if (kind === 'dead') {
      // A white cross: this box can never reach a goal from here.
      ctx.strokeStyle = '#fff';
      ctx.lineWidth = Math.max(1.5, t * 0.08);
      ctx.moveTo(x + i, y + i);
      ctx.lineTo(x + t - i, y + t - i);
      ctx.moveTo(x + t - i, y + i);
      ctx.lineTo(x + i, y + t - i);
    } else if (kind === 'goal') {
      // A tick: this box is home.
      ctx.strokeStyle = '#e9fff1';
      ctx.lineWidth = Math.max(1.5, t * 0.07);
      ctx.moveTo(x + t * 0.34, y + t * 0.52);
      ctx.lineTo(x + t * 0.45, y + t * 0.63);
      ctx.lineTo(x + t * 0.67, y + t * 0.38);
    } else {
      ctx.moveTo(x + i, y + i);
      ctx.lineTo(x + t - i, y + t - i);
      ctx.moveTo(x + t - i, y + i);
      ctx.lineTo(x + i, y + t - i);
    }
    ctx.stroke();
  }

  function drawPlayer(ctx, x, y, t, look) {
    const cx = x + t / 2;
    const cy = y + t / 2;
    const r = t * 0.33;
    ctx.beginPath();
    ctx.arc(cx, cy + t * 0.02, r, 0, Math.PI * 2);
    ctx.fillStyle = COLOR.player;
    ctx.fill();
    ctx.lineWidth = Math.max(1, t * 0.06);
    ctx.strokeStyle = COLOR.playerEdge;
    ctx.stroke();
    // Two eyes whose pupils look where the player last went.
    const [dr, dc] = look;
    for (const side of [-1, 1]) {
      const ex = cx + side * r * 0.38;
      const ey = cy - r * 0.12;
      ctx.beginPath();
      ctx.arc(ex, ey, r * 0.27, 0, Math.PI * 2);
      ctx.fillStyle = '#fff';
      ctx.fill();
      ctx.beginPath();
      ctx.arc(ex + dc * r * 0.12, ey + dr * r * 0.12, r * 0.13, 0, Math.PI * 2);
      ctx.fillStyle = '#14214a';
      ctx.fill();
    }
  }

  // The hint: a golden ring on the box and an arrow the way it is to be pushed.
  function drawHint(ctx, t, hint) {
    const [r, c] = hint.box;
    const [dr, dc] = DIRS[DIR_NAMES[hint.dir]] || [0, 0];
    const x = c * t;
    const y = r * t;
    ctx.save();
    ctx.shadowColor = COLOR.hint;
    ctx.shadowBlur = t * 0.4;
    ctx.lineWidth = Math.max(2, t * 0.1);
    ctx.strokeStyle = COLOR.hint;
    roundRect(ctx, x + t * 0.03, y + t * 0.03, t * 0.94, t * 0.94, t * 0.16);
    ctx.stroke();
    ctx.restore();
    // The arrow starts at the box's edge and points into the square the box goes to.
    const cx = x + t / 2 + dc * t * 0.55;
    const cy = y + t / 2 + dr * t * 0.55;
    const len = t * 0.42;
    const wid = t * 0.3;
    ctx.save();
    ctx.translate(cx, cy);
    ctx.rotate(Math.atan2(dr, dc));
    ctx.beginPath();
    ctx.moveTo(len, 0);
    ctx.lineTo(len * 0.35, -wid);
    ctx.lineTo(len * 0.35, -wid * 0.45);
    ctx.lineTo(-len * 0.1, -wid * 0.45);
    ctx.lineTo(-len * 0.1, wid * 0.45);
    ctx.lineTo(len * 0.35, wid * 0.45);
    ctx.lineTo(len * 0.35, wid);
    ctx.closePath();
    ctx.fillStyle = COLOR.hint;
    ctx.strokeStyle = '#7a5600';
    ctx.lineWidth = Math.max(1, t * 0.04);
    ctx.fill();
    ctx.stroke();
    ctx.restore();
  }

  // Draws a game state on a canvas of `tile`-pixel squares. extra: {hint, dead (Set of r*width+c),
  // pulse (0..1: the red glow of the lose animation)}.
  function drawBoard(canvas, state, tile, extra = {}) {
    const dpr = window.devicePixelRatio || 1;
    const w = state.width * tile;
    const h = state.height * tile;
    canvas.style.width = `${w}px`;
    canvas.style.height = `${h}px`;
    const pw = Math.round(w * dpr);
    const ph = Math.round(h * dpr);
    if (canvas.width !== pw) canvas.width = pw;
    if (canvas.height !== ph) canvas.height = ph;
    const ctx = canvas.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, w, h);
    const inside = insideSquares(state);
    const dead = extra.dead || new Set();
    const look = facing(state.history);
    for (let r = 0; r < state.height; r += 1) {
      const row = state.rows[r];
      for (let c = 0; c < state.width; c += 1) {
        const ch = row[c] || ' ';
        const x = c * tile;
        const y = r * tile;
        if (ch === '#') {
          drawWall(ctx, x, y, tile, (dr, dc) => (state.rows[r + dr] || '')[c + dc] === '#');
          continue;
        }
        if (!inside.has(r * state.width + c)) continue;
        ctx.fillStyle = (r + c) % 2 ? COLOR.floorAlt : COLOR.floor;
        ctx.fillRect(x, y, tile, tile);
        if (ch === '.' || ch === '*' || ch === '+') drawGoal(ctx, x, y, tile);
        if (ch === '$' || ch === '*') {
          const isDead = dead.has(r * state.width + c);
          const glow = isDead && extra.pulse ? `rgba(226, 82, 79, ${extra.pulse})` : null;
          drawBox(ctx, x, y, tile, isDead ? 'dead' : ch === '*' ? 'goal' : 'box', glow);
        }
        if (ch === '@' || ch === '+') drawPlayer(ctx, x, y, tile, look);
      }
    }
    if (extra.hint) drawHint(ctx, tile, extra.hint);
  }

  // The boxes a deadlock test named, as a set of r * width + c.
  function deadSet(state) {
    const set = new Set();
    if (state.deadlock && Array.isArray(state.deadlock.boxes)) {
      for (const [r, c] of state.deadlock.boxes) set.add(r * state.width + c);
    }
    return set;
  }

  let losePulse = 0;  // the red glow while the lose animation runs

  function drawPlayerBoard() {
    const g = app.game;
    if (!g) return;
    const hint = app.hint && app.hint.history === g.history ? app.hint : null;
    drawBoard($('board'), g, app.tile, { hint, dead: deadSet(g), pulse: losePulse });
    const fx = $('fx');
    fx.style.width = $('board').style.width;
    fx.style.height = $('board').style.height;
  }

  function drawRaceBoard() {
    if (app.race && app.race.game) drawBoard($('race-board'), app.race.game, app.tile);
  }

  // The square size: as large as the window allows (up to 64 px), both boards side by side during a
  // race when the window is wide enough, one above the other otherwise.
  function layoutBoards() {
    const g = app.game;
    if (!g) return;
    const boards = $('boards');
    const racing = Boolean(app.race);
    const width = boards.clientWidth;
    const side = racing && width >= 560;
    boards.classList.toggle('side-by-side', side);
    const perWidth = side ? (width - 24) / 2 : width;
    const top = boards.getBoundingClientRect().top + window.scrollY;
    // Room under a board: the race's caption and progress line, else the lose banner and key help.
    const reserve = racing ? 70 : 100;
    let height = window.innerHeight - top - reserve - (document.querySelector('.dpad').offsetHeight || 0);
    if (racing && !side) height = height / 2;
    height = Math.max(height, 150);
    const tile = Math.floor(Math.min(perWidth / g.width, height / g.height, 64));
    app.tile = Math.max(tile, 8);
    drawPlayerBoard();
    drawRaceBoard();
  }

  // ---------------------------------------------------------------------------------------------
  // Animations (none when the reader asked the system for less motion)

  const reducedMotion = () => window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  // The win: confetti over the board for two and a half seconds.
  function confetti() {
    if (reducedMotion()) return;
    const canvas = $('fx');
    const dpr = window.devicePixelRatio || 1;
    const w = parseFloat(canvas.style.width) || 300;
    const h = parseFloat(canvas.style.height) || 300;
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
    const ctx = canvas.getContext('2d');
    const colors = ['#ffbf1f', '#3a66dc', '#4fae78', '#e2524f', '#b05bd6', '#1f9e8e'];
    const bits = [];
    for (let i = 0; i < 140; i += 1) {
      bits.push({
        x: w / 2 + (Math.random() - 0.5) * w * 0.3,
        y: h * 0.55,
        vx: (Math.random() - 0.5) * w * 1.4,
        vy: -(0.5 + Math.random()) * h * 1.5,
        spin: (Math.random() - 0.5) * 12,
        angle: Math.random() * Math.PI,
        size: 4 + Math.random() * 6,
        color: colors[i % colors.length],
      });
    }
    const start = performance.now();
    let last = start;
    const frame = (now) => {
      const dt = Math.min(0.05, (now - last) / 1000);
      last = now;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, w, h);
      for (const b of bits) {
        b.vy += h * 2.2 * dt;
        b.vx *= 0.99;
        b.x += b.vx * dt;
        b.y += b.vy * dt;
        b.angle += b.spin * dt;
        ctx.save();
        ctx.translate(b.x, b.y);
        ctx.rotate(b.angle);
        ctx.fillStyle = b.color;
        ctx.fillRect(-b.size / 2, -b.size / 4, b.size, b.size / 2);
        ctx.restore();
      }
      if (now - start < 2500) requestAnimationFrame(frame);
      else ctx.clearRect(0, 0, w, h);
    };
    requestAnimationFrame(frame);
  }

  // The lose animation: the board shakes and the boxes of the deadlock glow red a few times.
  function loseAnimation() {
    if (reducedMotion()) return;
    const stage = $('player-stage');
    stage.classList.remove('shake');
    void stage.offsetWidth;  // restarts the CSS animation
    stage.classList.add('shake');
    const start = performance.now();
    const frame = (now) => {
      const t = (now - start) / 1600;
      if (t >= 1 || !app.game || !app.game.deadlock) {
        losePulse = 0;
        drawPlayerBoard();
        return;
      }
      losePulse = 0.5 + 0.5 * Math.sin(t * Math.PI * 6);
      drawPlayerBoard();
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }

  // The banner over a board: shown while the level is won or stuck; `pop` replays its entrance.
  function showBanner(kind, title, text, pop) {
    const banner = $('banner');
    if (!kind) {
      banner.hidden = true;
      banner.className = 'banner';
      return;
    }
    $('banner-title').textContent = title;
    $('banner-text').textContent = text;
    banner.hidden = false;
    banner.className = `banner ${kind}`;
    if (pop && !reducedMotion()) {
      void banner.offsetWidth;
      banner.classList.add('pop');
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Showing the game

  function collectionName(id) {
    const c = app.collections.find((x) => x.id === id);
    return c ? c.name : `collection ${id}`;
  }

  // The profile's record of one level: unlocked, solved, best scores. A guest has every level open.
  function levelInfo(collection, level) {
    if (!app.profile || !app.progress) return { level, unlocked: true, solved: false };
    const c = (app.progress.collections || []).find((x) => x.id === collection);
    const entry = c && c.levels ? c.levels.find((x) => x.level === level) : null;
    return entry || { level, unlocked: level === 1, solved: false };
  }

  function stripDeadlockWord(reason) {
    return String(reason || '').replace(/^deadlock:\s*/i, '');
  }

  function renderGame(how = {}) {
    const g = app.game;
    if (!g) return;
    // The level's own title, when its file gives one, after its number.
    const title = g.title ? ` “${g.title}”` : '';
    $('level-title').textContent = `Level ${g.level} of ${g.levels}${title}`;
    $('level-collection').textContent = collectionName(g.collection);
    const info = levelInfo(g.collection, g.level);
    $('level-best').textContent = info.solved
      ? `✓ solved · best ${info.best_moves} moves, ${info.best_pushes} pushes`
      : app.profile ? 'not solved yet' : 'guest game: nothing is recorded';
    $('level-best').className = 'level-best' + (info.solved ? ' solved' : '');
    $('moves').textContent = g.moves;
    $('pushes').textContent = g.pushes;
    $('btn-undo').disabled = !g.can_undo;
    $('btn-redo').disabled = !g.can_redo;
    $('btn-prev').disabled = g.level <= 1;
    $('btn-next').disabled = g.level >= g.levels;
    const racing = Boolean(app.race);
    $('btn-hint').disabled = racing || g.won;
    $('btn-solve').disabled = racing || g.won;
    if (g.won) {
      const text = g.assisted
        ? `${g.moves} moves, ${g.pushes} pushes, with the solver's moves (not recorded)`
        : `${g.moves} moves, ${g.pushes} pushes`;
      showBanner('win', 'Solved!', text, how.pop);
    } else if (g.deadlock) {
      showBanner('lose', 'Stuck!', `${stripDeadlockWord(g.deadlock.reason)} · U undoes`, how.pop);
    } else {
      showBanner(null);
    }
    drawPlayerBoard();
    markCurrentLevel();
    updateTestState();
  }

  function renderProfileName() {
    $('who-name').textContent = app.profile ? app.profile : 'a guest';
    $('who-name').classList.toggle('guest', !app.profile);
  }

  function renderCollections() {
    const select = $('collection');
    select.replaceChildren();
    for (const c of app.collections) {
      const option = document.createElement('option');
      option.value = String(c.id);
      option.textContent = `${c.name} (${c.levels})`;
      select.append(option);
    }
    select.value = String(app.viewCollection);
    select.hidden = app.collections.length < 2;
  }

  // The level list: one tile per level, with its solved mark and best moves/pushes, locked ones
  // greyed out (a guest sees every level open).
  function renderLevels() {
    const list = $('level-list');
    list.replaceChildren();
    scrolledTo = null;
    const c = app.collections.find((x) => x.id === app.viewCollection);
    if (!c) return;
    $('collection').value = String(c.id);
    for (let level = 1; level <= c.levels; level += 1) {
      const info = levelInfo(c.id, level);
      const li = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'level';
      button.dataset.collection = String(c.id);
      button.dataset.level = String(level);
      button.dataset.unlocked = String(Boolean(info.unlocked));
      button.dataset.solved = String(Boolean(info.solved));
      const num = document.createElement('span');
      num.className = 'level-number';
      num.textContent = String(level);
      button.append(num);
      const mark = document.createElement('span');
      mark.className = 'level-mark';
      if (info.solved) {
        button.classList.add('solved');
        mark.textContent = `✓ ${info.best_moves}/${info.best_pushes}`;
        button.title = `level ${level}: solved, best ${info.best_moves} moves, ${info.best_pushes} pushes`;
      } else if (!info.unlocked) {
        button.classList.add('locked');
        button.disabled = true;
        mark.classList.add('lock');  // a padlock drawn in CSS (no emoji font needed)
        mark.setAttribute('aria-label', 'locked');
        button.title = `level ${level}: locked (solve level ${level - 1} first)`;
      } else {
        button.title = `level ${level}`;
      }
      button.append(mark);
      li.append(button);
      list.append(li);
    }
    markCurrentLevel();
  }

  let scrolledTo = null;  // the level the list was last scrolled to: a browsing reader is left alone

  function markCurrentLevel() {
    const g = app.game;
    for (const b of document.querySelectorAll('#level-list .level')) {
      const current = g && Number(b.dataset.collection) === g.collection && Number(b.dataset.level) === g.level;
      b.classList.toggle('current', current);
      if (current) {
        b.setAttribute('aria-current', 'true');
        // A new level in play: the list (only the list, not the page) scrolls to show it.
        const key = `${g.collection}/${g.level}`;
        if (key !== scrolledTo) {
          scrolledTo = key;
          const list = $('level-list');
          const tile = b.parentElement;
          if (tile.offsetTop < list.scrollTop ||
              tile.offsetTop + tile.offsetHeight > list.scrollTop + list.clientHeight) {
            list.scrollTop = tile.offsetTop - list.clientHeight / 2;
          }
        }
      } else {
        b.removeAttribute('aria-current');
      }
    }
  }

  function renderJob() {
    const h = app.helper;
    $('job').hidden = !h;
    if (h) {
      const what = h.kind === 'hint' ? 'Hint' : 'Solving';
      $('job-text').textContent = `${what}: ${progressText(h.job)}`;
    }
    updateTestState();
  }

  // The game as data-* attributes for the end-to-end tests (and anyone curious in the inspector).
  function updateTestState() {
    const s = $('game-state');
    const g = app.game;
    s.dataset.pending = String(pending);
    s.dataset.profile = app.profile || '';
    if (g) {
      s.dataset.id = g.id;
      s.dataset.collection = String(g.collection);
      s.dataset.level = String(g.level);
      s.dataset.moves = String(g.moves);
      s.dataset.pushes = String(g.pushes);
      s.dataset.history = g.history;
      s.dataset.board = g.rows.join('\n');
      s.dataset.player = g.player.join(',');
      s.dataset.won = String(Boolean(g.won));
      s.dataset.assisted = String(Boolean(g.assisted));
      s.dataset.deadlock = g.deadlock ? g.deadlock.reason : '';
      const hint = app.hint && app.hint.history === g.history ? app.hint : null;
      s.dataset.hint = hint ? `${hint.box.join(',')},${hint.dir}` : '';
    }
    s.dataset.job = app.helper ? app.helper.kind : '';
    s.dataset.playback = app.playback ? 'on' : '';
    const rs = $('race-state');
    const race = app.race;
    rs.dataset.mode = race ? race.mode : 'off';
    if (race) {
      rs.dataset.id = race.game ? race.game.id : '';
      rs.dataset.moves = race.game ? String(race.game.moves) : '0';
      rs.dataset.history = race.game ? race.game.history : '';
      rs.dataset.won = String(Boolean(race.game && race.game.won));
      rs.dataset.outcome = race.outcome;
      rs.dataset.jobState = race.job ? race.job.state : '';
      rs.dataset.expanded = race.job ? String(race.job.expanded) : '';
      rs.dataset.bound = race.job && race.job.bound !== null && race.job.bound !== undefined ? String(race.job.bound) : '';
      rs.dataset.plan = race.plan ? String(race.plan.length) : '';
    }
  }

  // A new game state from the server. Animations play only on a change within the same game: a
  // game loaded already won or stuck shows its banner without fanfare.
  function applyState(state, how = {}) {
    const before = app.game;
    const sameGame = Boolean(before && before.id === state.id);
    app.game = state;
    if (!sameGame || before.history !== state.history) {
      // A search for another position is no use any more; nor is its hint.
      if (app.helper && (app.helper.gameId !== state.id || app.helper.history !== state.history)) {
        cancelHelper('search cancelled: the position changed');
      }
    }
    const won = state.won && !(sameGame && before.won) && !how.quiet;
    const stuck = Boolean(state.deadlock) && !(sameGame && before.deadlock) && !how.quiet;
    if (!sameGame || before.width !== state.width || before.height !== state.height) layoutBoards();
    renderGame({ pop: won || stuck });
    if (won) onWin(state);
    else if (stuck) {
      say(`${state.deadlock.reason}: this position cannot be solved any more (U undoes)`, 'warn');
      loseAnimation();
    }
  }

  function onWin(state) {
    confetti();
    const counts = `${state.moves} moves, ${state.pushes} pushes`;
    const next = state.level < state.levels ? ' N: next level.' : ' That was the last level of the collection!';
    if (state.assisted) {
      say(`Solved with the solver's moves (not recorded): ${counts}.${next}`, 'good');
    } else if (state.recorded) {
      const r = state.recorded;
      let text = `Level solved in ${counts}!`;
      text += r.first_time ? ' First time!' : ` Your best: ${r.best_moves} moves, ${r.best_pushes} pushes.`;
      if (r.unlocked) text += ` Level ${r.unlocked} is unlocked.`;
      say(text + next, 'good');
      enqueue(refreshProgress);
    } else {
      say(`Level solved in ${counts}!${next}`, 'good');
    }
  }

  async function refreshProgress() {
    if (!app.profile) return;
    app.progress = await api('GET', `profiles/${enc(app.profile)}`);
    renderLevels();
    renderGame();
  }

  // ---------------------------------------------------------------------------------------------
  // Playing

  function gameId() {
    return enc(app.game.id);
  }

  // A move key: one step (or push) in a direction.
  function move(letter) {
    if (!app.game || app.mustChoose) return;
    if (app.playback) {
      stopPlayback('stopped watching: you play from here (U undoes the solver\'s moves too)');
      return;
    }
    enqueue(async () => {
      const g = app.game;
      if (g.won) {
        say('level solved: N for the next level, U to undo, R to restart', 'good');
        return;
      }
      const state = await api('POST', `games/${gameId()}/moves`, { moves: letter });
      if (state.blocked === 0) return;  // a wall, or a box that cannot move: nothing happened
      clearPassingMessage();
      applyState(state);
      await afterPlayerMove(1);
    });
  }

  // An info message about the last action fades with the next move; warnings and errors stay.
  function clearPassingMessage() {
    const m = $('message');
    if (m.classList.contains('info') || m.classList.contains('good')) say('');
  }

  function walkTo(row, col) {
    if (!app.game || app.mustChoose) return;
    if (app.playback) {
      stopPlayback('stopped watching: you play from here');
      return;
    }
    enqueue(async () => {
      const g = app.game;
      if (g.won) return;
      // A box next to the player is pushed by a click on it: on a phone this is how boxes move.
      const [pr, pc] = g.player;
      const ch = g.rows[row] ? g.rows[row][col] : '#';
      if ((ch === '$' || ch === '*') && Math.abs(pr - row) + Math.abs(pc - col) === 1) {
        const letter = row < pr ? 'u' : row > pr ? 'd' : col < pc ? 'l' : 'r';
        const state = await api('POST', `games/${gameId()}/moves`, { moves: letter });
        if (state.blocked === 0) {
          say('that box cannot move that way', 'warn');
          return;
        }
        clearPassingMessage();
        applyState(state);
        await afterPlayerMove(1);
        return;
      }
      if (ch === '#' || ch === '$' || ch === '*' || (pr === row && pc === col)) return;
      const state = await api('POST', `games/${gameId()}/walk`, { row, col });
      if (state.blocked === 0) {
        say('no way there without pushing a box', 'warn');
        return;
      }
      clearPassingMessage();
      applyState(state);
      await afterPlayerMove(Math.max(1, state.moves - g.moves));
    });
  }

  function simpleAction(path) {
    if (!app.game || app.mustChoose) return;
    if (app.playback) stopPlayback('stopped watching');
    enqueue(async () => {
      const g = app.game;
      if (path === 'undo' && !g.can_undo) return;
      if (path === 'redo' && !g.can_redo) return;
      if (path === 'restart' && app.race) {
        await startRace();  // in a race, restarting restarts the race
        return;
      }
      const state = await api('POST', `games/${gameId()}/${path}`);
      clearPassingMessage();
      applyState(state);
      if (path === 'restart') say('restarted');
      else await afterPlayerMove(1);  // in a step race, an undo or redo is a move too
    });
  }

  function nextLevel(delta) {
    if (!app.game || app.mustChoose) return;
    enqueue(async () => {
      const g = app.game;
      const level = g.level + delta;
      if (level < 1) {
        say('this is the first level of the collection');
        return;
      }
      if (level > g.levels) {
        say('this is the last level of the collection');
        return;
      }
      if (!levelInfo(g.collection, level).unlocked) {
        say(`level ${level} is locked: solve level ${level - 1} first`, 'warn');
        return;
      }
      await loadLevel(g.collection, level);
    });
  }

  // Opens a level: a profile resumes its stored position there.
  async function loadLevel(collection, level) {
    stopAssist();
    const body = { collection, level };
    if (app.profile) body.profile = app.profile;
    const state = await api('POST', 'games', body);
    app.viewCollection = state.collection;
    renderLevels();
    applyState(state, { quiet: true });
    say(state.history ? `level ${state.level}: resumed where you left it (U undoes, R restarts)` : '');
    if (app.raceMode !== 'off') await startRace();
  }

  // ---------------------------------------------------------------------------------------------
  // The solver at hand: hint and "solve from here"

  function cancelHelper(reason) {
    const h = app.helper;
    if (!h) return;
    app.helper = null;
    h.follower.stop();
    // The job may have ended meanwhile (then there is nothing to stop): that is no error.
    api('DELETE', `jobs/${enc(h.id)}`).catch(() => {});
    if (reason) say(reason);
    renderJob();
  }

  function stopPlayback(reason) {
    const p = app.playback;
    if (!p) return;
    clearTimeout(p.timer);
    app.playback = null;
    if (reason) say(reason);
    updateTestState();
  }

  function stopAssist() {
    cancelHelper();
    stopPlayback();
    app.hint = null;
  }

  function askHint() {
    if (!app.game || app.mustChoose) return;
    if (app.playback) stopPlayback('stopped watching');
    enqueue(async () => {
      const g = app.game;
      if (app.race) {
        say('no hints during a race (set the race to off first)', 'warn');
        return;
      }
      if (g.won) {
        say('the level is solved: no hint needed', 'good');
        return;
      }
      // H again while the hint is shown plays it: the walk to the box and the push.
      if (app.hint && app.hint.history === g.history) {
        const state = await api('POST', `games/${gameId()}/moves`, { moves: app.hint.walk });
        applyState(state);
        return;
      }
      if (app.helper && app.helper.kind === 'hint') {
        say('still searching for a hint…');
        return;
      }
      await startHelper('hint');
    });
  }

  function askSolve() {
    if (!app.game || app.mustChoose) return;
    if (app.playback) stopPlayback('stopped watching');
    enqueue(async () => {
      const g = app.game;
      if (app.race) {
        say('no solving during a race (set the race to off first)', 'warn');
        return;
      }
      if (g.won) return;
      await startHelper('solve');
    });
  }

  async function startHelper(kind) {
    cancelHelper();
    const g = app.game;
    const answer = await api('POST', `games/${gameId()}/${kind}`);
    const helper = { kind, id: answer.job, gameId: g.id, history: g.history, job: null, follower: null };
    app.helper = helper;
    say(kind === 'hint'
      ? 'searching for a solution from here… (keep playing to cancel)'
      : 'the solver searches a solution from here… (keep playing to cancel)');
    helper.follower = followJob(helper.id, {
      onUpdate: (job) => {
        if (app.helper !== helper) return;
        helper.job = job;
        renderJob();
      },
      onDone: (job) => {
        if (app.helper !== helper) return;
        app.helper = null;
        renderJob();
        enqueue(() => helperDone(helper, job));
      },
      onError: (e) => {
        if (app.helper !== helper) return;
        app.helper = null;
        renderJob();
        say(`the search could not be followed: ${e.message}`, 'error');
      },
    });
    renderJob();
  }

  function helperDone(helper, job) {
    const g = app.game;
    // An answer for a position that is gone is not shown.
    if (!g || g.id !== helper.gameId || g.history !== helper.history) return;
    const r = job.result || {};
    const solved = r.status === 'solved';
    if (helper.kind === 'hint') {
      if (solved && r.hint) {
        app.hint = { ...r.hint, history: helper.history };
        const text = r.message || 'hint: push the highlighted box';
        say(/again/i.test(text) ? text : `${text} · H again plays it`, 'good');
        renderGame();
      } else {
        say(r.message || `no hint (${r.status || 'no answer'})`, 'warn');
      }
    } else if (solved && typeof r.lurd === 'string') {
      startPlayback(r);
    } else {
      say(r.message || `no solution (${r.status || 'no answer'})`, 'warn');
    }
  }

  // Moves per second of the solver's playback (the slider).
  function speed() {
    return Number($('speed').value) || 6;
  }

  function startPlayback(result) {
    const playback = { plan: result.lurd, next: 0, timer: null };
    app.playback = playback;
    say(`watching the solver: ${result.pushes} pushes${result.optimal ? ' (push-optimal)' : ''}, ` +
      `${result.moves} moves; any key stops`, 'good');
    schedulePlayback(playback);
    updateTestState();
  }

  function schedulePlayback(playback) {
    playback.timer = setTimeout(() => enqueue(() => playbackStep(playback)), 1000 / speed());
  }

  // One move of the solver's solution, marked "assisted": a level finished so is not recorded.
  async function playbackStep(playback) {
    if (app.playback !== playback) return;
    const g = app.game;
    if (g.won || playback.next >= playback.plan.length) {
      stopPlayback();
      return;
    }
    const letter = playback.plan[playback.next];
    const state = await api('POST', `games/${gameId()}/moves`, { moves: letter, assisted: true });
    if (app.playback !== playback) return;
    playback.next += 1;
    if (state.blocked === 0) {
      stopPlayback();
      say(`the solver's move ${playback.next} (${letter}) is blocked: the playback stopped`, 'error');
      return;
    }
    applyState(state);
    if (state.won || playback.next >= playback.plan.length) {
      stopPlayback();
      return;
    }
    schedulePlayback(playback);
  }

  // ---------------------------------------------------------------------------------------------
  // The race: the solver plays the same level on a second board (a guest game of its own)

  // Starts (or restarts) a race in app.raceMode: both boards from the level's start; the solver
  // searches, then plays one move per move of the player (step) or one every N ms (clock).
  async function startRace() {
    endRace();
    stopAssist();
    const g = app.game;
    const restarted = await api('POST', `games/${gameId()}/restart`);
    applyState(restarted, { quiet: true });
    const raceGame = await api('POST', 'games', { collection: g.collection, level: g.level });
    const race = {
      mode: app.raceMode,
      game: raceGame,
      jobId: null,
      job: null,
      follower: null,
      plan: null,
      result: null,
      next: 0,
      owed: 0,  // the player's moves the solver has not answered yet (step mode)
      outcome: 'running',
      failure: '',
      timer: null,
    };
    app.race = race;
    $('race-wrap').hidden = false;
    $('player-caption').hidden = false;
    layoutBoards();
    renderGame();
    renderRace();
    say(race.mode === 'step'
      ? 'race: one solver move for each of yours. The level restarted: go!'
      : `race: the solver plays a move every ${raceInterval()} ms once it has a solution. Go!`, 'good');
    let answer;
    try {
      answer = await api('POST', `games/${enc(raceGame.id)}/solve`);
    } catch (e) {
      race.outcome = 'solver_gave_up';
      race.failure = e.message;
      say(`the solver cannot race (${e.message}): you race alone`, 'warn');
      renderRace();
      return;
    }
    race.jobId = answer.job;
    race.follower = followJob(race.jobId, {
      onUpdate: (job) => {
        if (app.race !== race) return;
        race.job = job;
        renderRace();
      },
      onDone: (job) => {
        if (app.race !== race) return;
        race.job = job;
        enqueue(() => raceSolved(race, job));
      },
      onError: (e) => {
        if (app.race !== race) return;
        race.outcome = 'solver_gave_up';
        race.failure = e.message;
        say(`the solver's search could not be followed (${e.message}): you race alone`, 'error');
        renderRace();
      },
    });
  }

  async function raceSolved(race, job) {
    if (app.race !== race) return;
    const r = job.result || {};
    if (race.outcome !== 'running') {
      renderRace();
      return;
    }
    if (r.status === 'solved' && typeof r.lurd === 'string') {
      race.plan = r.lurd;
      race.result = r;
      if (race.mode === 'step') await raceCatchUp(race);
      else scheduleClock(race);
    } else {
      race.outcome = 'solver_gave_up';
      race.failure = r.message || r.status || 'no answer';
      say(`the solver gave up (${race.failure}): you race alone`, 'warn');
    }
    renderRace();
  }

  // The player moved `steps` times: in a step race the solver answers with as many moves.
  async function afterPlayerMove(steps) {
    const race = app.race;
    if (!race || race.outcome !== 'running') return;
    if (app.game.won) {
      race.outcome = 'player_won';
      endRaceSearch(race);
      say('You won the race! (set the race mode again to race once more)', 'good');
      renderRace();
      return;
    }
    if (race.mode !== 'step') return;
    race.owed += steps;
    await raceCatchUp(race);
  }

  async function raceCatchUp(race) {
    if (!race.plan || race.owed <= 0 || race.outcome !== 'running') return;
    const count = Math.min(race.owed, race.plan.length - race.next);
    if (count <= 0) return;
    const moves = race.plan.slice(race.next, race.next + count);
    const state = await api('POST', `games/${enc(race.game.id)}/moves`, { moves, assisted: true });
    if (app.race !== race) return;
    race.next += count;
    race.owed -= count;
    race.game = state;
    raceCheckEnd(race);
    renderRace();
  }

  function raceInterval() {
    const ms = parseInt($('race-interval').value, 10);
    return Number.isFinite(ms) ? Math.min(5000, Math.max(50, ms)) : 400;
  }

  function scheduleClock(race) {
    clearTimeout(race.timer);
    race.timer = setTimeout(() => enqueue(() => raceClockTick(race)), raceInterval());
  }

  async function raceClockTick(race) {
    if (app.race !== race || race.outcome !== 'running' || !race.plan) return;
    if (race.next >= race.plan.length) return;
    const state = await api('POST', `games/${enc(race.game.id)}/moves`, {
      moves: race.plan[race.next],
      assisted: true,
    });
    if (app.race !== race) return;
    race.next += 1;
    race.game = state;
    raceCheckEnd(race);
    renderRace();
    if (race.outcome === 'running') scheduleClock(race);
  }

  function raceCheckEnd(race) {
    if (race.outcome === 'running' && race.game.won) {
      race.outcome = 'solver_won';
      clearTimeout(race.timer);
      say(`The solver won the race (${race.game.moves} moves, ${race.game.pushes} pushes). ` +
        'Keep going, or R to race again', 'warn');
    }
  }

  function endRaceSearch(race) {
    clearTimeout(race.timer);
    if (race.follower) race.follower.stop();
    if (race.jobId && !(race.job && race.job.state === 'done')) {
      // Nobody needs this search any more; it may have just ended, which is fine.
      api('DELETE', `jobs/${enc(race.jobId)}`).catch(() => {});
    }
  }

  function endRace() {
    const race = app.race;
    if (!race) return;
    endRaceSearch(race);
    app.race = null;
    $('race-wrap').hidden = true;
    $('player-caption').hidden = true;
    layoutBoards();
    renderGame();
  }

  function renderRace() {
    const race = app.race;
    if (!race) {
      updateTestState();
      return;
    }
    const g = race.game;
    $('race-moves').textContent = g.moves;
    $('race-pushes').textContent = g.pushes;
    let text;
    if (race.outcome === 'solver_gave_up') {
      text = `The solver gave up: ${race.failure}`;
    } else if (!race.plan) {
      text = `Thinking… ${progressText(race.job)}`;
    } else {
      const r = race.result;
      text = `Solution: ${r.pushes} pushes${r.optimal ? ' (push-optimal)' : ''}, ${r.moves} moves, ` +
        `found in ${(race.job.seconds || 0).toFixed(1)} s after ${number(race.job.expanded)} nodes` +
        (race.job.bound !== null && race.job.bound !== undefined ? ` (push bound ${race.job.bound})` : '');
      if (race.owed > 0) text += ` · owes ${race.owed} moves`;
    }
    $('race-progress').textContent = text;
    const banner = $('race-banner');
    const titles = { player_won: 'You won!', solver_won: 'Solver wins', solver_gave_up: 'Gave up' };
    if (race.outcome !== 'running') {
      $('race-banner-title').textContent = titles[race.outcome];
      if (banner.hidden) {
        banner.hidden = false;
        banner.className = `banner small ${race.outcome === 'player_won' ? 'win' : 'lose'}`;
        if (!reducedMotion()) banner.classList.add('pop');
      }
    } else {
      banner.hidden = true;
    }
    drawRaceBoard();
    updateTestState();
  }

  function setRaceMode(mode) {
    app.raceMode = mode;
    $('race-mode').value = mode;
    $('race-clock-label').hidden = mode !== 'clock';
  }

  // ---------------------------------------------------------------------------------------------
  // Profiles and saved games

  async function openProfiles() {
    $('profile-error').textContent = '';
    $('profile-dialog').hidden = false;
    $('profile-close').hidden = app.mustChoose;
    await refreshProfileList();
    $('profile-name').focus();
  }

  function closeProfiles() {
    if (app.mustChoose) return;
    $('profile-dialog').hidden = true;
  }

  async function refreshProfileList() {
    const profiles = await api('GET', 'profiles');
    const list = $('profile-list');
    list.replaceChildren();
    if (!profiles.length) {
      const li = document.createElement('li');
      li.className = 'note';
      li.textContent = 'No profile yet: create one below.';
      list.append(li);
    }
    for (const p of profiles) {
      const li = document.createElement('li');
      const choose = document.createElement('button');
      choose.type = 'button';
      choose.className = 'profile-choose';
      choose.dataset.name = p.name;
      choose.textContent = p.name;  // a name is text, never markup
      if (p.name === app.profile) choose.classList.add('current');
      choose.addEventListener('click', () => enqueue(() => chooseProfile(p.name)));
      const del = document.createElement('button');
      del.type = 'button';
      del.className = 'profile-delete small ghost';
      del.textContent = 'Delete';
      del.title = `delete the profile ${p.name}, its progress and its saved games`;
      armedButton(del, 'Really delete?', () => enqueue(() => deleteProfile(p.name)));
      li.append(choose, del);
      list.append(li);
    }
  }

  // A button that asks for a second click before doing something that cannot be undone.
  function armedButton(button, armedText, action) {
    const idle = button.textContent;
    let timer = null;
    button.addEventListener('click', () => {
      if (button.classList.contains('armed')) {
        clearTimeout(timer);
        button.classList.remove('armed');
        button.textContent = idle;
        action();
        return;
      }
      button.classList.add('armed');
      button.textContent = armedText;
      timer = setTimeout(() => {
        button.classList.remove('armed');
        button.textContent = idle;
      }, 3000);
    });
  }

  async function createProfile(name) {
    $('profile-error').textContent = '';
    await api('POST', 'profiles', { name });
    $('profile-name').value = '';
    await chooseProfile(name);
  }

  async function deleteProfile(name) {
    await api('DELETE', `profiles/${enc(name)}`);
    if (name === app.profile) {
      // The game in play belonged to it: a profile (or the guest) must be chosen again.
      endRace();
      stopAssist();
      app.profile = null;
      app.progress = null;
      app.mustChoose = true;
      $('profile-close').hidden = true;
      renderProfileName();
    }
    await refreshProfileList();
  }

  // Chooses a profile (null: the guest) and opens its last level, where it was left.
  async function chooseProfile(name) {
    $('profile-error').textContent = '';
    endRace();
    stopAssist();
    const state = await api('POST', 'games', name === null ? { collection: 0, level: 1 } : { profile: name });
    app.progress = name === null ? null : await api('GET', `profiles/${enc(name)}`);
    app.profile = name;
    app.mustChoose = false;
    app.viewCollection = state.collection;
    $('profile-dialog').hidden = true;
    renderProfileName();
    renderCollections();
    renderLevels();
    applyState(state, { quiet: true });
    layoutBoards();
    if (name === null) say('Playing as a guest: every level is open, nothing is recorded.');
    else if (state.history) say(`Welcome back, ${name}! Level ${state.level}, where you left it.`, 'good');
    else say(`Hello, ${name}! Level ${state.level}: put every box on a goal.`, 'good');
    await refreshSaves();
    if (app.raceMode !== 'off') await startRace();
  }

  async function refreshSaves() {
    const list = $('save-list');
    list.replaceChildren();
    $('save-form').hidden = !app.profile;
    $('saves-note').hidden = Boolean(app.profile);
    if (!app.profile) return;
    const saves = await api('GET', `profiles/${enc(app.profile)}/saves`);
    if (!saves.length) {
      const li = document.createElement('li');
      li.className = 'note';
      li.textContent = 'No saved game yet.';
      list.append(li);
    }
    for (const s of saves) {
      const li = document.createElement('li');
      li.className = 'save';
      const text = document.createElement('div');
      text.className = 'save-text';
      const title = document.createElement('div');
      title.className = 'save-name';
      title.textContent = s.name;
      const meta = document.createElement('div');
      meta.className = 'save-meta';
      const where = s.collection === 0 ? `level ${s.level}` : `${collectionName(s.collection)}, level ${s.level}`;
      meta.textContent = `${where} · ${s.moves} moves, ${s.pushes} pushes · ${s.saved}`;
      text.append(title, meta);
      const load = document.createElement('button');
      load.type = 'button';
      load.className = 'save-load small';
      load.dataset.name = s.name;
      load.textContent = 'Load';
      load.addEventListener('click', () => enqueue(() => loadSave(s.name)));
      const del = document.createElement('button');
      del.type = 'button';
      del.className = 'save-delete small ghost';
      del.textContent = '✕';
      del.title = `delete the save ${s.name}`;
      armedButton(del, 'Delete?', () => enqueue(() => deleteSave(s.name)));
      li.append(text, load, del);
      list.append(li);
    }
  }

  async function saveGame() {
    if (!app.game) return;
    if (!app.profile) {
      say('choose a profile to save games', 'warn');
      return;
    }
    const g = app.game;
    const name = $('save-name').value.trim() || `level ${g.level}, move ${g.moves}`;
    await api('POST', `games/${gameId()}/save`, { name });
    $('save-name').value = '';
    say(`saved as “${name}”`, 'good');
    await refreshSaves();
  }

  async function loadSave(name) {
    // A saved game is played alone: a race would restart it.
    endRace();
    setRaceMode('off');
    stopAssist();
    const state = await api('POST', 'games', { profile: app.profile, save: name });
    app.viewCollection = state.collection;
    renderLevels();
    applyState(state, { quiet: true });
    say(`loaded “${name}”: level ${state.level}, ${state.moves} moves`, 'good');
  }

  async function deleteSave(name) {
    await api('DELETE', `profiles/${enc(app.profile)}/saves/${enc(name)}`);
    say(`deleted the save “${name}”`);
    await refreshSaves();
  }

  // ---------------------------------------------------------------------------------------------
  // Keys, clicks, start-up

  // Arrows, WASD and ZQSD (AZERTY keyboards): e.key is the letter typed, whatever the layout.
  const KEYS = {
    ArrowUp: () => move('u'),
    ArrowDown: () => move('d'),
    ArrowLeft: () => move('l'),
    ArrowRight: () => move('r'),
    w: () => move('u'),
    z: () => move('u'),
    a: () => move('l'),
    q: () => move('l'),
    s: () => move('d'),
    d: () => move('r'),
    u: () => simpleAction('undo'),
    Backspace: () => simpleAction('undo'),
    y: () => simpleAction('redo'),
    r: () => simpleAction('restart'),
    n: () => nextLevel(1),
    p: () => nextLevel(-1),
    h: () => askHint(),
  };

  document.addEventListener('keydown', (event) => {
    if (!$('profile-dialog').hidden) {
      if (event.key === 'Escape') closeProfiles();
      return;
    }
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement ||
        target instanceof HTMLTextAreaElement) return;
    if (event.altKey || event.metaKey) return;
    let action;
    if (event.ctrlKey) {
      const k = event.key.toLowerCase();
      if (k === 'z') action = KEYS.u;
      else if (k === 'y') action = KEYS.y;
      else return;  // leave the browser's own shortcuts alone
    } else {
      action = KEYS[event.key.length === 1 ? event.key.toLowerCase() : event.key];
    }
    if (!action) return;
    event.preventDefault();
    action();
  });

  $('board').addEventListener('click', (event) => {
    const g = app.game;
    if (!g) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const col = Math.floor(((event.clientX - rect.left) / rect.width) * g.width);
    const row = Math.floor(((event.clientY - rect.top) / rect.height) * g.height);
    if (row < 0 || row >= g.height || col < 0 || col >= g.width) return;
    walkTo(row, col);
  });

  for (const b of document.querySelectorAll('.dpad button')) {
    b.addEventListener('click', () => move(b.dataset.move));
  }

  $('btn-prev').addEventListener('click', () => nextLevel(-1));
  $('btn-next').addEventListener('click', () => nextLevel(1));
  $('btn-undo').addEventListener('click', () => simpleAction('undo'));
  $('btn-redo').addEventListener('click', () => simpleAction('redo'));
  $('btn-restart').addEventListener('click', () => simpleAction('restart'));
  $('btn-hint').addEventListener('click', askHint);
  $('btn-solve').addEventListener('click', askSolve);
  $('job-stop').addEventListener('click', () => cancelHelper('search stopped'));

  $('speed').addEventListener('input', () => {
    $('speed-out').textContent = `${speed()}/s`;
  });
  // Once set, the slider and the lists give the keys back to the game.
  $('speed').addEventListener('change', (e) => e.target.blur());

  $('race-mode').addEventListener('change', (e) => {
    const mode = e.target.value;
    e.target.blur();
    setRaceMode(mode);
    if (!app.game || app.mustChoose) return;
    enqueue(async () => {
      if (mode === 'off') {
        if (app.race) {
          endRace();
          say('race over: you play alone');
        }
      } else {
        await startRace();
      }
    });
  });
  $('race-interval').addEventListener('change', (e) => {
    e.target.value = String(raceInterval());
    e.target.blur();
  });

  $('collection').addEventListener('change', (e) => {
    app.viewCollection = Number(e.target.value);
    e.target.blur();
    renderLevels();
  });

  $('level-list').addEventListener('click', (event) => {
    const button = event.target.closest('button.level');
    if (!button || button.disabled || app.mustChoose) return;
    button.blur();
    enqueue(() => loadLevel(Number(button.dataset.collection), Number(button.dataset.level)));
  });

  $('save-form').addEventListener('submit', (event) => {
    event.preventDefault();
    $('save-name').blur();
    enqueue(saveGame);
  });

  $('switch-profile').addEventListener('click', () => enqueue(openProfiles));
  $('profile-close').addEventListener('click', closeProfiles);
  $('guest').addEventListener('click', () => enqueue(() => chooseProfile(null)));
  $('profile-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const name = $('profile-name').value.trim();
    if (!name) {
      $('profile-error').textContent = 'type a name for the new profile';
      return;
    }
    enqueue(() => createProfile(name));
  });

  // The board follows the window (and a phone turned sideways).
  let resizeTimer = null;
  window.addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(layoutBoards, 60);
  });

  enqueue(async () => {
    updateTestState();
    app.collections = await api('GET', 'collections');
    renderCollections();
    await openProfiles();
  });
})();
