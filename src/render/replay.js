/*
 * replay.js: the turn controls of a replay page (src/render/replay.c).
 * Embedded in the page at build time; it reads the battle from the JSON
 * block "zb-data" and redraws the map made by table.c: the units, their
 * labels (placed as table.c places them), and the turn's fire, melees
 * and moves, and lists the turn's narration.  It fetches nothing.
 *
 * A turn is shown whole (its end: every event, the units as the turn
 * left them) or step by step: its start, the moves of a phase together,
 * then each volley and each melee, then its end.  The log has the units'
 * places only at the ends of turns, so a step places a unit that has
 * moved by the paths of its moves so far (table.c's footprint, carried
 * along them), and takes the end's pose once its last move is done.
 * Units glide from one step to the next.  Clicking a unit shows its
 * strength turn by turn and its events.  The result stays veiled until
 * the last turn's end, or until asked for.
 *
 * The URL's hash may hold "turn=N" (start at turn N, at its end, or at
 * its step K with "&step=K", counted from 1), "unit=ID" (its story
 * shown) and "selftest":
 * then errors are caught, the controls are worked (keys, buttons, the
 * slider, every step of every turn, a click on a unit, then one step
 * watched halfway through its glide unless "still" is given too) ending
 * with the End key, and the outcome goes to the body's data-selftest
 * attribute ("ok turn=N units=K steps=S" or "fail: why") for
 * tests/cli/checks/browser.sh.
 */
(function () {
	"use strict";

	var NS = "http://www.w3.org/2000/svg";
	var PLAY_MS = 1100;		/* a step while playing */
	var GLIDE_MS = 600;		/* units moving between two steps */
	var FRAME_MS = 16;
	var TEXT_PX = 11;		/* labels this tall on the screen */
	var LABEL_GAP = 0.25;		/* the rest as table.c, in fonts */
	var RING_STEP = 2.2;
	/* Where a hit count may go: along its fire line (a fraction of the
	 * way from firer to target), and across it (in text heights). */
	var HIT_ALONG = [0.6, 0.5, 0.7, 0.4, 0.8, 0.3, 0.9, 0.2, 0.1];
	var HIT_ACROSS = [0, 1, -1, 2, -2, 3, -3, 4, -4];
	var BAR_W = 5;
	var BAR_H = 0.38;
	var TNAME_SIZE = 0.95;
	var LABEL_UNITS_MAX = 400;
	var MIN_MAP_PX = 320;
	var NARROW_MAP_PX = 760;	/* the map's least width on a phone */
	var EVENTS_MIN_PX = 340;	/* as replay.css has them */
	var GAP_PX = 12;
	var NARROW = "(max-width: 900px)";
	var DIRS = [[0, 1], [0, -1], [1, 0], [-1, 0],
		[1, 1], [-1, 1], [1, -1], [-1, -1]];
	var CAT = { FIRE: 1, MISS: 2, MELEE: 3, MOVE: 4, DECISION: 5,
		NOTE: 6 };
	var PLAY_PATH = "M4 2v12l10-6z";
	var PAUSE_PATH = "M3 2h4v12H3zM9 2h4v12H9z";

	function parseHash(h) {
		var out = {};
		h.replace(/^#/, "").split("&").forEach(function (kv) {
			if (!kv)
				return;
			var i = kv.indexOf("=");
			if (i < 0)
				out[kv] = "";
			else
				out[kv.slice(0, i)] = kv.slice(i + 1);
		});
		return out;
	}

	var hash = parseHash(window.location.hash || "");
	var selftest = Object.prototype.hasOwnProperty.call(hash, "selftest");
	var still = selftest;		/* units jump while it walks */
	var errors = [];
	if (selftest) {
		window.addEventListener("error", function (e) {
			errors.push(String(e.message || e));
		});
		var origError = console.error;
		console.error = function () {
			errors.push(Array.prototype.join.call(arguments, " "));
			origError.apply(console, arguments);
		};
	}

	function $(id) {
		return document.getElementById(id);
	}

	function el(name, attrs, parent) {
		var e = document.createElementNS(NS, name);
		for (var k in attrs)
			if (Object.prototype.hasOwnProperty.call(attrs, k))
				e.setAttribute(k, attrs[k]);
		if (parent)
			parent.appendChild(e);
		return e;
	}

	function html(name, cls, text, parent) {
		var e = document.createElement(name);
		if (cls)
			e.className = cls;
		if (text !== undefined && text !== null)
			e.textContent = text;
		if (parent)
			parent.appendChild(e);
		return e;
	}

	/* Two decimals, as the C side writes numbers. */
	function num(v) {
		return String(Math.round(v * 100) / 100);
	}

	var D = JSON.parse($("zb-data").textContent);
	var H = D.h;
	var svg = $("table");
	var layers = {
		moves: $("moves"), fires: $("fires"), melees: $("melees"),
		labels: $("labels")
	};
	var last = D.frames.length - 1;
	var cur = -1;
	var step = 0;			/* in steps[cur] */
	var steps = [];			/* per turn, see stepsOf() */
	var shownPose = {};		/* id -> the pose drawn now */
	var glide = null;		/* the running animation's frame */
	var taken = [];			/* boxes the labels took, for hits */
	var texts = [];			/* the labels' alone */
	var phase = -1;			/* -1: every phase */
	var timer = null;
	var font = D.font;

	/* ---- units ---- */

	/* The units as they stood at the end of turn t: id -> snapshot. */
	function snapsOf(t) {
		for (; t >= 0; t--)
			if (D.frames[t].u)
				break;
		var m = {};
		if (t >= 0)
			D.frames[t].u.forEach(function (s) { m[s[0]] = s; });
		return m;
	}

	/* Table point to SVG point: north is up. */
	function P(x, y) {
		return [x, H - y];
	}

	function corners(s) {
		var a = s[5] * Math.PI / 180;
		var fx = Math.cos(a) * s[4], fy = Math.sin(a) * s[4];
		var lx = -Math.sin(a) * s[3], ly = Math.cos(a) * s[3];
		var cx = s[1], cy = s[2];
		/* Front-left, front-right, rear-right, rear-left, as C's
		 * zb_rect_corners(). */
		return [P(cx + fx + lx, cy + fy + ly),
			P(cx + fx - lx, cy + fy - ly),
			P(cx - fx - lx, cy - fy - ly),
			P(cx - fx + lx, cy - fy + ly)];
	}

	function faded(s) {
		return (s[8] & D.flags.gone) || s[7] <= 0;
	}

	function stateWord(s) {
		if (s[8] & D.flags.gone)
			return s[7] > 0 ? "gone" : "destroyed";
		if (s[7] <= 0)
			return "destroyed";
		if (s[8] & D.flags.routed)
			return "routed";
		if (s[8] & D.flags.shaken)
			return "shaken";
		return null;
	}

	function detail(id, s) {
		var u = D.units[id], d = D.forms[s[6]] || "";
		if (u[3] > 1)
			d += (d ? ", " : "") + s[7] + "/" + u[3];
		if (s[11] > 0)
			d += (d ? ", " : "") + s[11] + " ran";
		return d;
	}

	/* The unit's side in snapshot s (a unit may change side: a
	 * captured gun), else its side at set-up. */
	function sideAt(id, s) {
		var side = s && s.length > 10 ? s[10] : D.units[id][2];
		return side === 0 ? 0 : 1;
	}

	/* The names of the rule set's markers the unit carries in s. */
	function markerWords(s) {
		var w = [];
		for (var m = 0; s && s[9] && m < (D.markers || []).length; m++)
			if (s[9] & (1 << m))
				w.push(D.markers[m]);
		return w.join(", ");
	}

	/* The units that are objectives (a scenario's objectives): their
	 * tips, by unit id; D.obj only when there are any. */
	var OBJ = {};
	(D.obj || []).forEach(function (o) { OBJ[o[0]] = o[1]; });

	function unitClass(id, s) {
		var c = "unit s" + sideAt(id, s);
		if (!s)
			return c + " off";
		if (OBJ[id] !== undefined)
			c += " objective";
		if (faded(s))
			c += " gone";
		else if (s[8] & D.flags.routed)
			c += " routed";
		else if (s[8] & D.flags.shaken)
			c += " shaken";
		if (s[8] & D.flags.hollow)
			c += " hollow";
		if (s[8] & D.flags.concealed)
			c += " concealed";
		return c;
	}

	function tip(id, s) {
		var u = D.units[id], t = u[0];
		if (u[1])
			t += " (" + u[1] + ")";
		if (!s)
			return t + ": not on the table";
		var d = detail(id, s), w = stateWord(s), m = markerWords(s);
		if (d)
			t += ": " + d;
		if (w)
			t += ", " + w;
		if (m)
			t += " [" + m + "]";
		if (OBJ[id] !== undefined)
			t += "; objective: " + OBJ[id];
		return t;
	}

	function drawUnit(id, s) {
		var g = $("u" + id);
		if (!g)
			return;
		g.setAttribute("class", unitClass(id, s));
		var fp = g.querySelector(".fp"), fr = g.querySelector(".front");
		var title = g.querySelector("title");
		if (title)
			title.textContent = tip(id, s);
		if (!s) {
			g.removeAttribute("data-cx");
			g.removeAttribute("data-cy");
			return;
		}
		var c = corners(s);
		fp.setAttribute("points", c.map(function (p) {
			return num(p[0]) + "," + num(p[1]);
		}).join(" "));
		fr.setAttribute("x1", num(c[0][0]));
		fr.setAttribute("y1", num(c[0][1]));
		fr.setAttribute("x2", num(c[1][0]));
		fr.setAttribute("y2", num(c[1][1]));
		g.setAttribute("data-cx", String(s[1]));
		g.setAttribute("data-cy", String(s[2]));
	}

	/* ---- labels, placed as table.c places them ---- */

	function unitBox(s) {
		var c = corners(s);
		var b = [Infinity, Infinity, -Infinity, -Infinity];
		c.forEach(function (p) {
			b[0] = Math.min(b[0], p[0]);
			b[1] = Math.min(b[1], p[1]);
			b[2] = Math.max(b[2], p[0]);
			b[3] = Math.max(b[3], p[1]);
		});
		return b;
	}

	/* How much of `boxes` b covers, or Infinity outside `bounds`: as
	 * table.c's box_covers(). */
	function covers(boxes, b, bounds) {
		if (b[0] < bounds[0] || b[2] > bounds[2] || b[1] < bounds[1] ||
		    b[3] > bounds[3])
			return Infinity;
		var a = 0;
		boxes.forEach(function (o) {
			var w = Math.min(b[2], o[2]) - Math.max(b[0], o[0]);
			var h = Math.min(b[3], o[3]) - Math.max(b[1], o[1]);
			if (w > 0 && h > 0)
				a += w * h;
		});
		return a;
	}

	function clampBox(b, bounds) {
		var dx = b[0] < bounds[0] ? bounds[0] - b[0] :
			b[2] > bounds[2] ? bounds[2] - b[2] : 0;
		var dy = b[1] < bounds[1] ? bounds[1] - b[1] :
			b[3] > bounds[3] ? bounds[3] - b[3] : 0;
		return [b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy];
	}

	function beside(ub, d, r, w, h, f) {
		var gap = LABEL_GAP * f + r * RING_STEP * f;
		var cx = (ub[0] + ub[2]) / 2, cy = (ub[1] + ub[3]) / 2;
		var hw = (ub[2] - ub[0]) / 2, hh = (ub[3] - ub[1]) / 2;
		var bx = cx + DIRS[d][0] * (hw + gap + w / 2);
		var by = cy + DIRS[d][1] * (hh + gap + h / 2);
		return [bx - w / 2, by - h / 2, bx + w / 2, by + h / 2];
	}

	function priority(id, s) {
		var k = s[3] * s[4];
		if (D.units[id][4] < 0)
			k += 1e6;
		if (!faded(s))
			k += 1e9;
		return k;
	}

	function halo(cls, x, y, text, parent) {
		var t = el("text", { "class": "halo " + cls, x: x, y: num(y),
			"text-anchor": "middle" }, parent);
		t.textContent = text;
		return t;
	}

	/* The label's content, drawn at the origin; returns its group.  A
	 * `brief` label is the name alone, for a crowded table. */
	function labelContent(id, s, f, brief) {
		var g = $("l" + id);
		while (g.firstChild)
			g.removeChild(g.firstChild);
		var u = D.units[id];
		g.setAttribute("class", "lbl s" + sideAt(id, s) +
			(faded(s) ? " gone" : ""));
		g.setAttribute("transform", "translate(0 0)");
		var y = f * 0.95;
		halo("nm", 0, y, u[0].length > 36 ? u[0].slice(0, 35) + "\u2026"
			: u[0], g);
		var d = detail(id, s), w = [stateWord(s), markerWords(s)]
			.filter(Boolean).join(", ");
		if (brief)
			return g;
		if (d || w) {
			y += f * 0.98;
			var t = halo("dt", 0, y, d + (d && w ? ", " : ""), g);
			if (w) {
				var ts = document.createElementNS(NS, "tspan");
				ts.setAttribute("class", "st");
				ts.textContent = w;
				t.appendChild(ts);
			}
		}
		if (u[3] > 1) {
			var bw = BAR_W * f;
			var frac = Math.max(0, Math.min(1, s[7] / u[3]));
			y += f * 0.3;
			el("rect", { "class": "bb", x: num(-bw / 2), y: num(y),
				width: num(bw), height: num(BAR_H * f) }, g);
			el("rect", { "class": "bar", x: num(-bw / 2), y: num(y),
				width: num(bw * frac), height: num(BAR_H * f) }, g);
		}
		return g;
	}

	function lead(g, ub, lb) {
		var cx = (lb[0] + lb[2]) / 2;
		var ux = Math.max(ub[0], Math.min(cx, ub[2]));
		var uy = lb[1] > ub[3] ? ub[3] : lb[3] < ub[1] ? ub[1]
			: (ub[1] + ub[3]) / 2;
		var ly = lb[1] > ub[3] ? 0 : lb[3] < ub[1] ? lb[3] - lb[1]
			: (lb[3] - lb[1]) / 2;
		var l = el("line", { "class": "lead", x1: num(ux - cx),
			y1: num(uy - lb[1]), x2: 0, y2: num(ly) });
		g.insertBefore(l, g.firstChild);
	}

	function tnameBoxes() {
		var out = [], names = $("tnames");
		if (!names)
			return out;
		Array.prototype.forEach.call(names.querySelectorAll("text"),
			function (t) {
				var b = t.getBBox();
				out.push([b.x, b.y, b.x + b.width, b.y + b.height]);
			});
		return out;
	}

	/* Labels about TEXT_PX tall on the screen, whatever the zoom.  The
	 * picture keeps its shape inside its box, so the smaller scale wins. */
	function labelFont() {
		var vb = svg.viewBox.baseVal, box = svg.getBoundingClientRect();
		if (!vb || !box.width || !box.height)
			return D.font;
		var k = Math.min(box.width / vb.width, box.height / vb.height);
		var f = TEXT_PX / k;
		return Math.max(D.font * 0.6, Math.min(D.font * 1.8, f));
	}

	/* The first free place in the rings around the unit's box; else,
	 * when `anywhere`, the free place nearest it; else the one that
	 * covers least, so that no unit loses its name (as table.c's
	 * place(), which has no `anywhere`). */
	function findSpot(taken, ub, w, h, f, bounds, anywhere) {
		var best = null, least = Infinity;
		for (var r = 0; r <= D.rings; r++) {
			for (var d = 0; d < DIRS.length; d++) {
				var lb = beside(ub, d, r, w, h, f);
				var a = covers(taken, lb, bounds);
				if (a === 0)
					return { box: lb, ring: r, free: true };
				if (a < least) {
					least = a;
					best = { box: lb, ring: r };
				}
			}
		}
		return (anywhere && nearestFree(taken, ub, w, h, bounds)) || best ||
			{ box: clampBox(beside(ub, 0, 0, w, h, f), bounds),
				ring: 0 };
	}

	/* The free place nearest the unit on a grid over the whole table,
	 * for a crowd whose rings are all taken; or null. */
	function nearestFree(taken, ub, w, h, bounds) {
		var cx = (ub[0] + ub[2]) / 2, cy = (ub[1] + ub[3]) / 2;
		var best = null, least = Infinity, step = h / 2;
		for (var y = bounds[1]; y + h <= bounds[3]; y += step) {
			for (var x = bounds[0]; x + w <= bounds[2]; x += step) {
				var b = [x, y, x + w, y + h];
				var d = Math.pow(x + w / 2 - cx, 2) +
					Math.pow(y + h / 2 - cy, 2);
				if (d < least && covers(taken, b, bounds) === 0) {
					least = d;
					best = { box: b, ring: 1, free: true };
				}
			}
		}
		return best;
	}

	function placeLabels(snaps) {
		var f = labelFont();
		layers.labels.setAttribute("font-size", num(f));
		if ($("tnames"))
			$("tnames").setAttribute("font-size", num(f * TNAME_SIZE));
		var bounds = D.lb;
		var order = [];
		taken = tnameBoxes();
		texts = [];
		D.units.forEach(function (u, id) {
			var s = snaps[id];
			if (!s) {
				$("l" + id).setAttribute("class", "lbl hid");
				return;
			}
			taken.push(unitBox(s));
			order.push(id);
		});
		order.sort(function (a, b) {
			var pa = priority(a, snaps[a]), pb = priority(b, snaps[b]);
			return pa !== pb ? pb - pa : a - b;
		});
		order.forEach(function (id) {
			/* Too many to name: their tooltips still do. */
			if (order.length > LABEL_UNITS_MAX) {
				$("l" + id).setAttribute("class", "lbl hid");
				return;
			}
			var s = snaps[id], ub = unitBox(s), spot = null;
			/* The whole label where it fits, else the name alone. */
			[false, true].some(function (brief) {
				var g = labelContent(id, s, f, brief), bb = g.getBBox();
				spot = findSpot(taken, ub, bb.width, f * 0.2 +
					bb.height, f, bounds, brief);
				return spot.free;
			});
			var g = $("l" + id), lb = spot.box;
			taken.push(lb);
			texts.push(lb);
			g.setAttribute("transform", "translate(" +
				num((lb[0] + lb[2]) / 2) + " " + num(lb[1]) + ")");
			if (spot.ring > 0)
				lead(g, ub, lb);
		});
	}

	/* The whole table in view below the header when the page opens. */
	function fit() {
		var vb = svg.viewBox.baseVal, main = $("main"), map = $("map");
		var cs = window.getComputedStyle(main);
		var w = main.clientWidth - parseFloat(cs.paddingLeft) -
			parseFloat(cs.paddingRight);
		var column = window.matchMedia(NARROW).matches;
		if (!column)
			w -= EVENTS_MIN_PX + GAP_PX;
		var top = map.getBoundingClientRect().top + window.scrollY;
		var h = Math.max(MIN_MAP_PX, window.innerHeight - top - 14);
		var k = Math.min(w / vb.width, h / vb.height);
		/* A phone's screen is too small to name every unit: the map
		 * stays wide enough to, and scrolls sideways in its box. */
		if (column)
			k = Math.max(k, NARROW_MAP_PX / vb.width);
		if (!(k > 0))
			return;
		map.style.flex = column ? "" : "0 0 auto";
		svg.style.width = Math.floor(vb.width * k) + "px";
		svg.style.height = Math.floor(vb.height * k) + "px";
		$("events").style.maxHeight = column ? "" :
			Math.max(h, vb.height * k) + "px";
	}

	/* ---- the turn's events on the map ---- */

	function clear(g) {
		while (g.firstChild)
			g.removeChild(g.firstChild);
	}

	function sideOf(id) {
		if (id < 0 || !D.units[id])
			return 2;
		return D.units[id][2] === 0 ? 0 : 1;
	}

	function centre(snaps, id) {
		var s = snaps[id];
		return s ? [s[1], s[2]] : null;
	}

	function titled(node, text) {
		var t = el("title", {}, node);
		t.textContent = text;
	}

	/* The hit count on a fire line: the first place along the line
	 * (then beside it) that covers no label and no other count; else
	 * the nearest such place on the table. */
	function placeHits(t, p, q, f) {
		var b = t.getBBox(), w = b.width, h = b.height;
		var dx = q[0] - p[0], dy = q[1] - p[1];
		var len = Math.sqrt(dx * dx + dy * dy) || 1;
		var nx = -dy / len, ny = dx / len, best = null, least = Infinity;
		var bounds = D.lb;
		/* Clear of units too if it can be, else of other text. */
		[taken, texts].some(function (avoid) {
			return HIT_ALONG.some(function (k) {
				return HIT_ACROSS.some(function (o) {
					var x = p[0] + dx * k + nx * o * h;
					var y = p[1] + dy * k + ny * o * h;
					var box = [x - w / 2, y - h / 2, x + w / 2,
						y + h / 2];
					var a = covers(avoid, box, bounds);
					if (a < least || (a === 0 && avoid === texts)) {
						least = a;
						best = box;
					}
					return a === 0;
				});
			});
		});
		/* A busy turn may leave no clear place by the line: the
		 * nearest one on the table clear of every other text. */
		if (least > 0) {
			var mx = p[0] + dx / 2, my = p[1] + dy / 2;
			var near = nearestFree(texts, [mx, my, mx, my], w, h,
					       bounds);
			if (near)
				best = near.box;
		}
		if (!best)
			best = clampBox([p[0] - w / 2, p[1] - h / 2,
				p[0] + w / 2, p[1] + h / 2], bounds);
		taken.push(best);
		texts.push(best);
		/* getBBox() measured the text at (0, 0): its box's top is b.y
		 * above the baseline. */
		t.setAttribute("x", num((best[0] + best[2]) / 2));
		t.setAttribute("y", num(best[1] - b.y));
	}

	function drawFire(e, i, poses, prev, f) {
		var a, b;
		if (e.length >= 10) {
			a = [e[6], e[7]];
			b = [e[8], e[9]];
		} else {
			a = centre(prev, e[2]) || centre(poses, e[2]);
			b = centre(prev, e[3]) || centre(poses, e[3]);
		}
		if (!a || !b)
			return null;
		var s = sideOf(e[2]), p = P(a[0], a[1]), q = P(b[0], b[1]);
		var g = el("g", { "class": "ov", "data-i": i, "data-ph": e[0] },
			layers.fires);
		var miss = e[1] === CAT.MISS ? " miss" : "";
		el("line", { "class": "fire s" + s + miss,
			x1: num(p[0]), y1: num(p[1]),
			x2: num(q[0]), y2: num(q[1]),
			"marker-end": "url(#ah" + s + ")" }, g);
		titled(g, e[4]);
		if (e[5]) {
			var t = el("text", { "class": "halo hits s" + s,
				x: 0, y: 0, "text-anchor": "middle" }, g);
			t.textContent = e[5];
			placeHits(t, p, q, f);
		}
		return g;
	}

	function drawMelee(e, i, poses) {
		var a = centre(poses, e[2]), b = centre(poses, e[3]);
		var m = a && b ? [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] : a || b;
		if (!m)
			return null;
		var p = P(m[0], m[1]), r = D.font * 0.75, k = r * 0.5;
		var g = el("g", { "class": "ov melee", "data-i": i,
			"data-ph": e[0] }, layers.melees);
		el("circle", { cx: num(p[0]), cy: num(p[1]), r: num(r) }, g);
		el("line", { x1: num(p[0] - k), y1: num(p[1] - k),
			x2: num(p[0] + k), y2: num(p[1] + k) }, g);
		el("line", { x1: num(p[0] + k), y1: num(p[1] - k),
			x2: num(p[0] - k), y2: num(p[1] + k) }, g);
		titled(g, e[4]);
		return g;
	}

	function drawMove(e, i) {
		if (e.length < 10)
			return null;
		var s = sideOf(e[2]), p = P(e[6], e[7]), q = P(e[8], e[9]);
		if (Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) < 0.05)
			return null;
		var g = el("g", { "class": "ov", "data-i": i, "data-ph": e[0] },
			layers.moves);
		el("line", { "class": "move s" + (s === 2 ? "x" : s),
			x1: num(p[0]), y1: num(p[1]), x2: num(q[0]), y2: num(q[1]),
			"marker-end": "url(#ah" + s + ")" }, g);
		titled(g, e[4]);
		return g;
	}

	/* The turn's events up to the step's last one; those of the step
	 * itself marked "now", the earlier ones "past".  At the turn's end
	 * every event is drawn plainly, fire from where the turn began. */
	function drawEvents(t, k, poses) {
		clear(layers.moves);
		clear(layers.fires);
		clear(layers.melees);
		var st = steps[t], end = k === st.length - 1;
		var upto = st[k].last, from = k > 0 ? st[k - 1].last : -1;
		var prev = end && t > 0 ? snapsOf(t - 1) : poses;
		var f = Number(layers.labels.getAttribute("font-size")) || D.font;
		layers.fires.setAttribute("font-size", num(f));
		D.frames[t].e.forEach(function (e, i) {
			if (i > upto)
				return;
			var g = null;
			if (e[1] === CAT.FIRE || e[1] === CAT.MISS)
				g = drawFire(e, i, poses, prev, f);
			else if (e[1] === CAT.MELEE)
				g = drawMelee(e, i, poses);
			else if (e[1] === CAT.MOVE)
				g = drawMove(e, i);
			if (g && !end)
				g.classList.add(i > from ? "now" : "past");
		});
	}

	/* ---- steps: a turn event by event ---- */

	function drawn(e) {
		return e[1] === CAT.FIRE || e[1] === CAT.MISS ||
			e[1] === CAT.MELEE || e[1] === CAT.MOVE;
	}

	/* Turn t's steps, each {last: its last event, what: its name}: the
	 * start (no event yet), the moves of one phase together, each
	 * volley and each melee alone, the end.  Narration between them
	 * goes with the step before it (with the first, before any). */
	function stepsOf(t) {
		var ev = D.frames[t].e, out = [{ last: -1, what: "start" }];
		if (t === 0)
			return [{ last: ev.length - 1, what: "set-up" }];
		var group = -1;
		ev.forEach(function (e, i) {
			var top = out[out.length - 1];
			if (e[1] === CAT.MOVE && out.length > 1 && group === e[0]) {
				top.last = i;
			} else if (e[1] === CAT.MOVE) {
				group = e[0];
				out.push({ last: i, what: D.phases[e[0]] || "moves" });
			} else if (drawn(e)) {
				group = -1;
				out.push({ last: i, what: e[1] === CAT.MELEE ? "melee"
					: "volley" });
			} else if (out.length > 1) {
				top.last = i;
			}
		});
		out.push({ last: ev.length - 1, what: "end of turn" });
		return out;
	}

	/* The units at step k of turn t: at the end, the turn's snapshot;
	 * before, the turn before's, carried along the moves made so far,
	 * and the end's pose once a unit's last move is made.  Strength
	 * and state change at the end, where the log records them. */
	function posesAt(t, k) {
		var fin = snapsOf(t);
		if (k === steps[t].length - 1)
			return fin;
		var prev = t > 0 ? snapsOf(t - 1) : fin, upto = steps[t][k].last;
		var shift = {}, lastMove = {}, out = {};
		D.frames[t].e.forEach(function (e, i) {
			if (e[1] !== CAT.MOVE || e.length < 10)
				return;
			lastMove[e[2]] = i;
			if (i > upto)
				return;
			var d = shift[e[2]] || [0, 0];
			shift[e[2]] = [d[0] + e[8] - e[6], d[1] + e[9] - e[7]];
		});
		D.units.forEach(function (u, id) {
			var p = prev[id], f = fin[id];
			var done = lastMove[id] !== undefined && lastMove[id] <= upto;
			if (!p) {
				if (done && f)
					out[id] = f;
				return;
			}
			var s = p.slice();
			if (done && f) {
				s = f.slice();
				s[7] = p[7];
				s[8] = p[8];
				s[9] = p[9];
				s[10] = p[10];
				s[11] = p[11];
			} else if (shift[id]) {
				s[1] = p[1] + shift[id][0];
				s[2] = p[2] + shift[id][1];
			}
			out[id] = s;
		});
		return out;
	}

	/* Draw the units at `to`; from the poses drawn now they glide
	 * there when `animate`.  The labels follow when the units stand. */
	function moveUnits(to, animate, after) {
		if (glide)
			window.clearTimeout(glide);
		glide = null;
		var from = shownPose;
		shownPose = to;
		var moving = animate && !still && D.units.some(function (u, id) {
			var a = from[id], b = to[id];
			return a && b && (a[1] !== b[1] || a[2] !== b[2] ||
				a[5] !== b[5]);
		});
		if (!moving) {
			D.units.forEach(function (u, id) { drawUnit(id, to[id]); });
			after();
			return;
		}
		layers.labels.classList.add("gliding");
		/* Timers and the page's clock rather than animation frames,
		 * which a headless browser's virtual time may not run. */
		var t0 = window.performance.now();
		function frame() {
			var now = window.performance.now();
			var k = Math.min(1, (now - t0) / GLIDE_MS);
			var e = k < 0.5 ? 2 * k * k : 1 - 2 * (1 - k) * (1 - k);
			D.units.forEach(function (u, id) {
				var a = from[id], b = to[id];
				drawUnit(id, a && b && k < 1 ? between(a, b, e) : b);
			});
			if (k < 1) {
				glide = window.setTimeout(frame, FRAME_MS);
				return;
			}
			glide = null;
			layers.labels.classList.remove("gliding");
			after();
		}
		glide = window.setTimeout(frame, FRAME_MS);
	}

	/* A pose a fraction e of the way from a to b; the facing turns the
	 * short way round. */
	function between(a, b, e) {
		var s = b.slice(), turn = ((b[5] - a[5]) % 360 + 540) % 360 - 180;
		for (var j = 1; j <= 4; j++)
			s[j] = a[j] + (b[j] - a[j]) * e;
		s[5] = a[5] + turn * e;
		return s;
	}

	/* ---- the list beside the map ---- */

	function listEvents(t) {
		var box = $("ev-list");
		clear(box);
		var ev = D.frames[t].e, sec = null, ol = null, ph = -2;
		ev.forEach(function (e, i) {
			if (!e[4] && e[1] !== CAT.DECISION)
				return;
			if (e[0] !== ph) {
				ph = e[0];
				sec = html("section", "", null, box);
				sec.setAttribute("data-ph", ph);
				html("h3", "", D.phases[ph] || "", sec);
				ol = html("ol", "", null, sec);
			}
			var li = html("li", "c" + e[1] +
				(e[1] === CAT.DECISION ? " dec" : ""), e[4], ol);
			li.setAttribute("data-i", i);
		});
		if (!box.firstChild)
			html("p", "none", "Nothing to report.", box);
		$("ev-title").textContent = t === 0 ? "Before the battle"
			: "Turn " + t;
	}

	/* The step's events stand out, the later ones are greyed. */
	function markEvents(t, k) {
		var st = steps[t], end = k === st.length - 1;
		var upto = st[k].last, from = k > 0 ? st[k - 1].last : -1;
		var first = null;
		Array.prototype.forEach.call($("ev-list").querySelectorAll("li"),
			function (li) {
				var i = Number(li.getAttribute("data-i"));
				var now = !end && i > from && i <= upto;
				li.classList.toggle("now", now);
				li.classList.toggle("later", !end && i > upto);
				if (now && !first)
					first = li;
			});
		if (first && first.scrollIntoView && !window.matchMedia(NARROW)
		    .matches)
			first.scrollIntoView({ block: "nearest" });
	}

	function phasesOf(t) {
		var seen = [];
		D.frames[t].e.forEach(function (e) {
			if (seen.indexOf(e[0]) < 0)
				seen.push(e[0]);
		});
		return seen;
	}

	function drawPhases(t) {
		var box = $("phases");
		clear(box);
		var list = phasesOf(t);
		if (list.indexOf(phase) < 0)
			phase = -1;
		[-1].concat(list).forEach(function (p) {
			var on = p === phase;
			var b = html("button", on ? "chip on" : "chip",
				p < 0 ? "all phases" : D.phases[p], box);
			b.type = "button";
			b.setAttribute("aria-pressed", on ? "true" : "false");
			b.addEventListener("click", function () {
				phase = p;
				drawPhases(cur);
				filterPhase();
				b.blur();
			});
		});
	}

	function filterPhase() {
		var nodes = document.querySelectorAll("#table [data-ph], " +
			"#ev-list [data-ph]");
		Array.prototype.forEach.call(nodes, function (n) {
			var ph = Number(n.getAttribute("data-ph"));
			n.classList.toggle("ph-off", phase >= 0 && ph !== phase);
		});
		var st = $("status").querySelector(".ph");
		if (st)
			st.textContent = phase < 0 ? "all phases"
				: "phase: " + D.phases[phase];
	}

	function status(t, k) {
		var s = $("status"), st = steps[t];
		clear(s);
		html("span", "turn", t === 0 ? "Set-up" : "Turn " + t, s);
		s.appendChild(document.createTextNode(" "));
		var of = "of " + last + (last === 1 ? " turn" : " turns");
		html("span", "of", of, s);
		if (st.length > 1)
			html("span", "step", " \u00b7 step " + (k + 1) + " of " +
				st.length + ": " + st[k].what, s);
		s.appendChild(document.createTextNode(" \u00b7 "));
		html("span", "ph", "", s);
	}

	/* ---- highlighting: an event and what it names ---- */

	function highlight(t, i, on) {
		var e = D.frames[t].e[i];
		if (!e)
			return;
		var nodes = document.querySelectorAll("[data-i=\"" + i + "\"]");
		Array.prototype.forEach.call(nodes, function (n) {
			n.classList.toggle("hl", on);
		});
		[e[2], e[3]].forEach(function (id) {
			var g = id >= 0 ? $("u" + id) : null;
			if (g)
				g.classList.toggle("hl", on);
		});
	}

	/* The event (list item or drawing) under the pointer, or -1. */
	function eventAt(target) {
		var n = target.closest ? target.closest("[data-i]") : null;
		return n ? Number(n.getAttribute("data-i")) : -1;
	}

	function hoverable(root) {
		root.addEventListener("mouseover", function (ev) {
			var i = eventAt(ev.target);
			if (i >= 0)
				highlight(cur, i, true);
		});
		root.addEventListener("mouseout", function (ev) {
			var i = eventAt(ev.target);
			if (i >= 0)
				highlight(cur, i, false);
		});
	}

	/* ---- turns and steps ---- */

	/* Turn t at step k (its end when k is undefined); units glide there
	 * from where they are drawn when `animate`. */
	function go(t, k, animate) {
		t = Math.max(0, Math.min(last, t | 0));
		var st = steps[t];
		k = k === undefined ? st.length - 1
			: Math.max(0, Math.min(st.length - 1, k | 0));
		var turnChanged = t !== cur;
		cur = t;
		step = k;
		var poses = posesAt(t, k);
		moveUnits(poses, animate, function () {
			placeLabels(poses);
			drawEvents(t, k, poses);
			filterPhase();
		});
		if (turnChanged)
			listEvents(t);
		markEvents(t, k);
		status(t, k);
		if (turnChanged)
			drawPhases(t);
		filterPhase();
		veil();
		$("slider").value = String(t);
		if (t === last && k === st.length - 1 && timer)
			pause();
	}

	/* One step on or back, into the next or the previous turn. */
	function stepBy(d) {
		if (d > 0 && step < steps[cur].length - 1)
			go(cur, step + 1, true);
		else if (d > 0 && cur < last)
			go(cur + 1, 0, true);
		else if (d < 0 && step > 0)
			go(cur, step - 1, true);
		else if (d < 0 && cur > 0)
			go(cur - 1, undefined, true);
	}

	function play() {
		if (cur >= last && step === steps[cur].length - 1)
			go(0);
		timer = window.setInterval(function () {
			stepBy(1);
		}, PLAY_MS);
		$("b-play").querySelector("path").setAttribute("d", PAUSE_PATH);
	}

	function pause() {
		window.clearInterval(timer);
		timer = null;
		$("b-play").querySelector("path").setAttribute("d", PLAY_PATH);
	}

	function toggle() {
		if (timer)
			pause();
		else
			play();
	}

	/* ---- the result, veiled until the end ---- */

	var unveiled = false;

	function atEnd() {
		return cur === last && step === steps[last].length - 1;
	}

	function veil() {
		var r = $("result"), b = $("b-result");
		if (!r)
			return;
		var hide = !unveiled && !atEnd();
		r.classList.toggle("veiled", hide);
		if (b)
			b.hidden = !hide;
	}

	/* ---- a unit's story ---- */

	function strengthChart(id, box) {
		var n = D.frames.length, u = D.units[id], max = Math.max(1, u[3]);
		var W = 300, Hc = 70, pad = 16, bw = (W - pad) / n;
		var c = el("svg", { viewBox: "0 0 " + W + " " + (Hc + 14),
			width: "100%", role: "img",
			"aria-label": "strength by turn" });
		c.setAttribute("class", "chart");
		for (var t = 0; t < n; t++) {
			var s = snapsOf(t)[id], v = s ? Math.max(0, s[7]) : 0;
			var h = (Hc - 4) * v / max;
			var r = el("rect", { x: num(pad + t * bw + 1),
				y: num(Hc - h), width: num(Math.max(1, bw - 2)),
				height: num(h), "class": "sb s" + sideOf(id) +
				(t === cur ? " cur" : "") }, c);
			titled(r, (t === 0 ? "set-up" : "turn " + t) + ": " + v +
				" of " + u[3]);
			if (n <= 30 || t % 5 === 0) {
				var lt = el("text", { x: num(pad + (t + 0.5) * bw),
					y: Hc + 12, "text-anchor": "middle" }, c);
				lt.textContent = t === 0 ? "S" : String(t);
			}
		}
		var top = el("text", { x: 0, y: 10 }, c);
		top.textContent = String(u[3]);
		box.appendChild(c);
	}

	function showUnit(id) {
		var box = $("unit-panel"), u = D.units[id];
		if (!box || !u)
			return;
		clear(box);
		box.hidden = false;
		box.setAttribute("data-unit", id);
		var close = html("button", "close", "\u00d7", box);
		close.type = "button";
		close.title = "Close";
		close.addEventListener("click", function () {
			box.hidden = true;
		});
		var h = html("h2", "", u[0], box);
		html("small", "", " " + (u[1] ? u[1] + ", " : "") +
			(D.sides[u[2]] || ""), h);
		html("p", "lede", "Strength, turn by turn:", box);
		strengthChart(id, box);
		var ol = html("ol", "story", null, box), n = 0;
		D.frames.forEach(function (fr, t) {
			fr.e.forEach(function (e, i) {
				if ((e[2] !== id && e[3] !== id) || !e[4] ||
				    e[1] === CAT.DECISION)
					return;
				var li = html("li", "", null, ol);
				html("b", "", (t === 0 ? "Set-up" : "Turn " + t) +
					": ", li);
				li.appendChild(document.createTextNode(e[4]));
				li.setAttribute("data-t", t);
				li.setAttribute("data-e", i);
				n++;
			});
		});
		if (!n)
			html("li", "none", "No event names it.", ol);
		ol.addEventListener("click", function (ev) {
			var li = ev.target.closest ? ev.target.closest("li[data-t]")
				: null;
			if (!li)
				return;
			var t = Number(li.getAttribute("data-t"));
			var i = Number(li.getAttribute("data-e"));
			var k = 0;
			while (k < steps[t].length - 1 && steps[t][k].last < i)
				k++;
			go(t, k);
		});
		if (box.scrollIntoView)
			box.scrollIntoView({ block: "nearest" });
	}

	/* The unit (its footprint or its label) under the pointer, or -1. */
	function unitAt(target) {
		var n = target.closest ? target.closest("g.unit[id], g.lbl[id]")
			: null;
		return n ? Number(n.id.slice(1)) : -1;
	}

	var KEYS = {
		ArrowLeft: function () { stepBy(-1); },
		ArrowRight: function () { stepBy(1); },
		PageUp: function () { go(cur - 1); },
		PageDown: function () { go(cur + 1); },
		Home: function () { go(0); },
		End: function () { go(last); },
		" ": toggle
	};

	function onKey(ev) {
		var f = KEYS[ev.key], t = ev.target || {};
		if (!f || ev.altKey || ev.ctrlKey || ev.metaKey)
			return;
		/* The slider steps on its own (our step after its own would
		 * step twice), and a check box keeps its Space. */
		var input = t.tagName === "INPUT";
		if (input && (t.type !== "range" || ev.key !== " "))
			return;
		ev.preventDefault();
		f();
	}

	function wire() {
		var acts = { "b-first": KEYS.Home, "b-prev": KEYS.PageUp,
			"b-sprev": KEYS.ArrowLeft, "b-play": toggle,
			"b-snext": KEYS.ArrowRight, "b-next": KEYS.PageDown,
			"b-last": KEYS.End };
		Object.keys(acts).forEach(function (id) {
			$(id).addEventListener("click", function () {
				acts[id]();
				this.blur();
			});
		});
		$("slider").addEventListener("input", function () {
			go(Number(this.value));
		});
		$("show-dec").addEventListener("change", function () {
			$("events").classList.toggle("show-dec", this.checked);
		});
		document.addEventListener("keydown", onKey);
		hoverable($("ev-list"));
		hoverable(svg);
		svg.addEventListener("click", function (ev) {
			var id = unitAt(ev.target);
			if (id >= 0)
				showUnit(id);
		});
		var rb = $("b-result");
		if (rb)
			rb.addEventListener("click", function () {
				unveiled = true;
				veil();
			});
		var pending = null;
		window.addEventListener("resize", function () {
			window.clearTimeout(pending);
			pending = window.setTimeout(function () {
				fit();
				placeLabels(snapsOf(cur));
			}, 150);
		});
	}

	/* ---- the self-test ---- */

	function check() {
		var snaps = snapsOf(last), n = 0, bad = [];
		Object.keys(snaps).forEach(function (id) {
			var g = $("u" + id), s = snaps[id];
			n++;
			if (!g || g.getAttribute("data-cx") !== String(s[1]) ||
			    g.getAttribute("data-cy") !== String(s[2]))
				bad.push(id);
		});
		if (cur !== last)
			bad.push("turn " + cur);
		return bad.length ? "fail: not at the last turn's positions: " +
			bad.join(",") : "ok turn=" + cur + " units=" + n +
			" steps=" + (walked + 1);
	}

	function press(key) {
		document.dispatchEvent(new KeyboardEvent("keydown",
			{ key: key, bubbles: true }));
	}

	function expectTurn(want, what) {
		if (cur !== want)
			errors.push(what + " went to turn " + cur + ", not " +
				want);
	}

	var walked = 0;			/* steps taken by the self-test */

	function expectStep(want, what) {
		if (step !== want)
			errors.push(what + " went to step " + step + ", not " +
				want);
	}

	/* A person's way through the controls, ending with End. */
	function walk() {
		press("Home");
		expectTurn(0, "Home");
		if (!$("result").classList.contains("veiled"))
			errors.push("the result shows before the end");
		press("ArrowRight");
		expectTurn(Math.min(1, last), "Right");
		expectStep(0, "Right into a turn");
		$("b-snext").click();
		expectStep(Math.min(1, steps[cur].length - 1), "the step button");
		$("b-next").click();
		expectTurn(Math.min(2, last), "the next-turn button");
		press("PageUp");
		expectTurn(Math.min(1, last), "Page Up");
		press("ArrowLeft");
		if (last >= 1 && step !== steps[1].length - 2)
			errors.push("Left from a turn's end went to step " + step);
		var s = $("slider");
		s.value = "0";
		s.dispatchEvent(new Event("input"));
		expectTurn(0, "the slider");
		press(" ");
		if (!timer)
			errors.push("Space did not play");
		press(" ");
		if (timer)
			errors.push("Space did not pause");
		/* Every step of every turn, one by one. */
		press("Home");
		var want = 0;
		steps.forEach(function (st) { want += st.length; });
		while (!atEnd() && walked < want) {
			var t = cur, k = step;
			press("ArrowRight");
			walked++;
			if (!(cur === t && step === k + 1) &&
			    !(cur === t + 1 && step === 0))
				errors.push("Right from " + t + "." + k + " went to " +
					cur + "." + step);
		}
		if (walked !== want - 1)
			errors.push(walked + " steps, not " + (want - 1));
		if ($("result").classList.contains("veiled"))
			errors.push("the result is veiled at the end");
		$("u0").dispatchEvent(new MouseEvent("click", { bubbles: true }));
		var panel = $("unit-panel");
		if (panel.hidden || panel.getAttribute("data-unit") !== "0")
			errors.push("a click on a unit shows nothing");
		else if (panel.querySelectorAll(".chart rect").length !==
			 D.frames.length)
			errors.push("the unit's chart has not a bar a turn");
		press("End");
		if (!$("ev-list").querySelector("li"))
			errors.push("the last turn lists no event");
		if ($("status").textContent.indexOf("Turn " + last) < 0)
			errors.push("the status does not say turn " + last);
	}

	/* The first step that carries a unit more than an inch: [t, k, id,
	 * its x before, its x after], or null. */
	function aMove() {
		for (var t = 1; t <= last; t++) {
			for (var k = 1; k < steps[t].length; k++) {
				var a = posesAt(t, k - 1), b = posesAt(t, k);
				for (var id in b) {
					if (a[id] && b[id] &&
					    Math.abs(a[id][1] - b[id][1]) > 1)
						return [t, k, id, a[id][1], b[id][1]];
				}
			}
		}
		return null;
	}

	/* Halfway through a step's glide the unit stands between its two
	 * places, and at the end at the second. */
	function glideTest(done) {
		var m = aMove();
		if (!m)
			return done();
		go(m[0], m[1] - 1);
		still = false;
		stepBy(1);
		var g = $("u" + m[2]);
		window.setTimeout(function () {
			var x = Number(g.getAttribute("data-cx"));
			if (!(Math.min(m[3], m[4]) < x && x < Math.max(m[3], m[4])))
				errors.push("unit " + m[2] + " did not glide: at " + x +
					" halfway from " + m[3] + " to " + m[4]);
		}, GLIDE_MS / 2);
		window.setTimeout(function () {
			if (Number(g.getAttribute("data-cx")) !== m[4])
				errors.push("unit " + m[2] + " did not arrive");
			still = true;
			done();
		}, GLIDE_MS + 300);
	}

	function selfTest() {
		function finish() {
			var verdict;
			try {
				press("End");
				verdict = check();
			} catch (e) {
				errors.push(String(e && e.message || e));
			}
			if (errors.length)
				verdict = "fail: " + errors.join(" | ");
			document.body.setAttribute("data-selftest", verdict);
		}
		try {
			walk();
		} catch (e) {
			errors.push(String(e && e.message || e));
		}
		/* layout.js steps the page itself, with units that jump. */
		if (hash.still !== undefined)
			finish();
		else
			glideTest(finish);
	}

	function start() {
		steps = D.frames.map(function (fr, t) { return stepsOf(t); });
		wire();
		fit();
		var t = Number(hash.turn), k = Number(hash.step);
		go(isFinite(t) && hash.turn !== undefined ? t : 0,
			isFinite(k) && hash.step !== undefined ? k - 1 : undefined);
		if (hash.unit !== undefined && D.units[Number(hash.unit)])
			showUnit(Number(hash.unit));
		if (selftest)
			selfTest();
	}

	if (selftest) {
		try {
			start();
		} catch (e) {
			errors.push(String(e && e.message || e));
			document.body.setAttribute("data-selftest", "fail: " +
				errors.join(" | "));
		}
	} else {
		start();
	}
}());
