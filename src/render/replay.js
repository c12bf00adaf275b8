/*
 * replay.js: the turn controls of a replay page (src/render/replay.c).
 * Embedded in the page at build time; it reads the battle from the JSON
 * block "zb-data" and redraws the map made by table.c: the units, their
 * labels (placed as table.c places them), and the turn's fire, melees
 * and moves, and lists the turn's narration.  It fetches nothing.
 *
 * The URL's hash may hold "turn=N" (start at turn N) and "selftest":
 * then errors are caught, the controls are worked (keys, buttons, the
 * slider) ending with the End key, and the outcome goes to the body's
 * data-selftest attribute ("ok turn=N units=K" or "fail: why") for
 * tests/cli/checks/browser.sh.
 */
(function () {
	"use strict";

	var NS = "http://www.w3.org/2000/svg";
	var PLAY_MS = 1300;
	var TEXT_PX = 11;		/* labels this tall on the screen */
	var LABEL_GAP = 0.25;		/* the rest as table.c, in fonts */
	var RING_STEP = 2.2;
	var BAR_W = 5;
	var BAR_H = 0.38;
	var TNAME_SIZE = 0.95;
	var LABEL_UNITS_MAX = 400;
	var MIN_MAP_PX = 320;
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
		return d;
	}

	function unitClass(id, s) {
		var c = "unit s" + (D.units[id][2] === 0 ? 0 : 1);
		if (!s)
			return c + " off";
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
		var d = detail(id, s), w = stateWord(s);
		if (d)
			t += ": " + d;
		if (w)
			t += ", " + w;
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

	function hits(a, b) {
		return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
	}

	function isFree(taken, b, bounds) {
		if (b[0] < bounds[0] || b[2] > bounds[2] || b[1] < bounds[1] ||
		    b[3] > bounds[3])
			return false;
		for (var i = 0; i < taken.length; i++)
			if (hits(taken[i], b))
				return false;
		return true;
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

	/* The label's content, drawn at the origin; returns its group. */
	function labelContent(id, s, f) {
		var g = $("l" + id);
		while (g.firstChild)
			g.removeChild(g.firstChild);
		var u = D.units[id];
		g.setAttribute("class", "lbl s" + (u[2] === 0 ? 0 : 1) +
			(faded(s) ? " gone" : ""));
		g.setAttribute("transform", "translate(0 0)");
		var y = f * 0.95;
		halo("nm", 0, y, u[0].length > 36 ? u[0].slice(0, 35) + "\u2026"
			: u[0], g);
		var d = detail(id, s), w = stateWord(s);
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

	/* The first free place in the rings around the unit's box, or null. */
	function findSpot(taken, ub, w, h, f, bounds) {
		for (var r = 0; r <= D.rings; r++) {
			for (var d = 0; d < DIRS.length; d++) {
				var lb = beside(ub, d, r, w, h, f);
				if (isFree(taken, lb, bounds))
					return { box: lb, ring: r };
			}
		}
		return null;
	}

	function placeLabels(snaps) {
		var f = labelFont();
		layers.labels.setAttribute("font-size", num(f));
		if ($("tnames"))
			$("tnames").setAttribute("font-size", num(f * TNAME_SIZE));
		var bounds = D.lb;
		var taken = tnameBoxes(), order = [];
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
			var s = snaps[id], g = labelContent(id, s, f);
			var ub = unitBox(s);
			var bb = g.getBBox(), w = bb.width, h = f * 0.2 + bb.height;
			var spot = findSpot(taken, ub, w, h, f, bounds);
			if (!spot) {
				g.classList.add("hid");
				return;
			}
			var lb = spot.box;
			taken.push(lb);
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

	function drawFire(e, i, snaps, prev) {
		var a, b;
		if (e.length >= 10) {
			a = [e[6], e[7]];
			b = [e[8], e[9]];
		} else {
			a = centre(prev, e[2]) || centre(snaps, e[2]);
			b = centre(prev, e[3]) || centre(snaps, e[3]);
		}
		if (!a || !b)
			return;
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
			var lx = p[0] + (q[0] - p[0]) * 0.6;
			var ly = p[1] + (q[1] - p[1]) * 0.6;
			var t = el("text", { "class": "halo hits s" + s,
				x: num(lx), y: num(ly), "text-anchor": "middle" }, g);
			t.textContent = e[5];
		}
	}

	function drawMelee(e, i, snaps) {
		var a = centre(snaps, e[2]), b = centre(snaps, e[3]);
		var m = a && b ? [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] : a || b;
		if (!m)
			return;
		var p = P(m[0], m[1]), r = D.font * 0.75, k = r * 0.5;
		var g = el("g", { "class": "ov melee", "data-i": i,
			"data-ph": e[0] }, layers.melees);
		el("circle", { cx: num(p[0]), cy: num(p[1]), r: num(r) }, g);
		el("line", { x1: num(p[0] - k), y1: num(p[1] - k),
			x2: num(p[0] + k), y2: num(p[1] + k) }, g);
		el("line", { x1: num(p[0] + k), y1: num(p[1] - k),
			x2: num(p[0] - k), y2: num(p[1] + k) }, g);
		titled(g, e[4]);
	}

	function drawMove(e, i) {
		if (e.length < 10)
			return;
		var s = sideOf(e[2]), p = P(e[6], e[7]), q = P(e[8], e[9]);
		if (Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) < 0.05)
			return;
		var g = el("g", { "class": "ov", "data-i": i, "data-ph": e[0] },
			layers.moves);
		el("line", { "class": "move s" + (s === 2 ? "x" : s),
			x1: num(p[0]), y1: num(p[1]), x2: num(q[0]), y2: num(q[1]),
			"marker-end": "url(#ah" + s + ")" }, g);
		titled(g, e[4]);
	}

	function drawEvents(t, snaps) {
		clear(layers.moves);
		clear(layers.fires);
		clear(layers.melees);
		var prev = t > 0 ? snapsOf(t - 1) : snaps;
		D.frames[t].e.forEach(function (e, i) {
			if (e[1] === CAT.FIRE || e[1] === CAT.MISS)
				drawFire(e, i, snaps, prev);
			else if (e[1] === CAT.MELEE)
				drawMelee(e, i, snaps);
			else if (e[1] === CAT.MOVE)
				drawMove(e, i);
		});
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

	function status(t) {
		var s = $("status");
		clear(s);
		html("span", "turn", t === 0 ? "Set-up" : "Turn " + t, s);
		s.appendChild(document.createTextNode(" "));
		var of = "of " + last + (last === 1 ? " turn" : " turns");
		html("span", "of", of, s);
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

	/* ---- turns ---- */

	function go(t) {
		t = Math.max(0, Math.min(last, t | 0));
		cur = t;
		var snaps = snapsOf(t);
		D.units.forEach(function (u, id) { drawUnit(id, snaps[id]); });
		placeLabels(snaps);
		drawEvents(t, snaps);
		listEvents(t);
		status(t);
		drawPhases(t);
		filterPhase();
		$("slider").value = String(t);
		if (t === last && timer)
			pause();
	}

	function play() {
		if (cur >= last)
			go(0);
		timer = window.setInterval(function () {
			go(cur + 1);
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

	var KEYS = {
		ArrowLeft: function () { go(cur - 1); },
		ArrowRight: function () { go(cur + 1); },
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
		var acts = { "b-first": KEYS.Home, "b-prev": KEYS.ArrowLeft,
			"b-play": toggle, "b-next": KEYS.ArrowRight,
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
			bad.join(",") : "ok turn=" + cur + " units=" + n;
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

	/* A person's way through the controls, ending with End. */
	function walk() {
		press("Home");
		expectTurn(0, "Home");
		press("ArrowRight");
		expectTurn(Math.min(1, last), "Right");
		$("b-next").click();
		expectTurn(Math.min(2, last), "the next button");
		press("ArrowLeft");
		expectTurn(Math.min(1, last), "Left");
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
		press("End");
		if (!$("ev-list").querySelector("li"))
			errors.push("the last turn lists no event");
		if ($("status").textContent.indexOf("Turn " + last) < 0)
			errors.push("the status does not say turn " + last);
	}

	function selfTest() {
		var verdict;
		try {
			walk();
			verdict = check();
		} catch (e) {
			errors.push(String(e && e.message || e));
		}
		if (errors.length)
			verdict = "fail: " + errors.join(" | ");
		document.body.setAttribute("data-selftest", verdict);
	}

	function start() {
		wire();
		fit();
		var t = Number(hash.turn);
		go(isFinite(t) && hash.turn !== undefined ? t : 0);
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
