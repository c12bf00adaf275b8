/*
 * layout.js: checks a picture's layout as Chromium draws it, for
 * tests/cli/checks/browser.sh, which pastes it at the end of a copy of a
 * deployment SVG or of a replay page (opened with "#selftest", so that
 * units do not glide).  In a replay page it looks at every step of every
 * turn, stepping with the Right key.  It checks that every unit on the
 * table has its label shown; that each label's box (its text and
 * strength bar, not its leader line) lies inside the table; that no two
 * labels overlap, nor hit counts with labels or each other; that the
 * legend lies inside the picture; and, in a picture file, that the
 * picture fits the window.  The verdict goes to the root element's (a
 * page's body's) data-layout attribute: "ok views=V labels=L hits=H" or
 * "fail: ...".  Boxes are in screen pixels, with TOL_PX of slack for
 * antialiasing.
 */
(function () {
	"use strict";

	var TOL_PX = 1;
	var MAX_FAULTS = 8;
	var page = !!document.body;
	var svg = page ? document.getElementById("table")
		: document.documentElement;
	var faults = [], views = 0, nLabels = 0, nHits = 0;

	function box(r) {
		return [r.left, r.top, r.right, r.bottom];
	}

	function union(a, b) {
		return a ? [Math.min(a[0], b[0]), Math.min(a[1], b[1]),
			Math.max(a[2], b[2]), Math.max(a[3], b[3])] : b;
	}

	function inside(a, outer) {
		return a[0] >= outer[0] - TOL_PX && a[1] >= outer[1] - TOL_PX &&
			a[2] <= outer[2] + TOL_PX && a[3] <= outer[3] + TOL_PX;
	}

	function overlap(a, b) {
		return Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > TOL_PX &&
			Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > TOL_PX;
	}

	function fault(where, what) {
		if (faults.length < MAX_FAULTS)
			faults.push(where + ": " + what);
	}

	/* A label's box: its texts and its bar, not its leader line. */
	function labelBox(g) {
		var b = null;
		Array.prototype.forEach.call(g.querySelectorAll("text, rect"),
			function (n) {
				var r = n.getBoundingClientRect();
				if (r.width > 0 && r.height > 0)
					b = union(b, box(r));
			});
		return b;
	}

	function name(g) {
		var t = g.querySelector("text");
		return t ? "'" + t.textContent + "'" : g.id;
	}

	function checkView(where) {
		views++;
		var table = box(svg.querySelector("rect.table")
			.getBoundingClientRect());
		var placed = [];
		Array.prototype.forEach.call(svg.querySelectorAll("g.unit[id]"),
			function (u) {
				if (u.classList.contains("off"))
					return;
				var g = document.getElementById("l" + u.id.slice(1));
				if (!g || g.classList.contains("hid")) {
					fault(where, "unit " + u.id + " has no label");
					return;
				}
				var b = labelBox(g);
				if (!b) {
					fault(where, name(g) + " is not drawn");
					return;
				}
				nLabels++;
				if (!inside(b, table))
					fault(where, name(g) + " runs off the table");
				placed.forEach(function (p) {
					if (overlap(p.b, b))
						fault(where, name(g) + " overlaps " + p.what);
				});
				placed.push({ b: b, what: name(g) });
			});
		/* The objectives' numbers (table.c's objective_keys()):
		 * no label on them, none on another. */
		var keys = [];
		Array.prototype.forEach.call(svg.querySelectorAll("text.objkey"),
			function (t) {
				var b = box(t.getBoundingClientRect()), what =
					"objective " + t.textContent;
				if (!inside(b, table))
					fault(where, what + " runs off the table");
				placed.concat(keys).forEach(function (p) {
					if (overlap(p.b, b))
						fault(where, what + " overlaps " + p.what);
				});
				keys.push({ b: b, what: what });
			});
		Array.prototype.forEach.call(svg.querySelectorAll("text.hits"),
			function (t) {
				var b = box(t.getBoundingClientRect()), what = "hits '" +
					t.textContent + "'";
				nHits++;
				placed.forEach(function (p) {
					if (overlap(p.b, b))
						fault(where, what + " overlaps " + p.what);
				});
				placed.push({ b: b, what: what });
			});
		var legend = document.getElementById("legend");
		if (legend && !inside(box(legend.getBoundingClientRect()),
				      box(svg.getBoundingClientRect())))
			fault(where, "the legend runs past the picture's edge");
	}

	function press(key) {
		document.dispatchEvent(new KeyboardEvent("keydown",
			{ key: key, bubbles: true }));
	}

	function where() {
		var s = document.getElementById("status");
		return s ? s.textContent.replace(/\s+/g, " ").trim() : "page";
	}

	function run() {
		if (!page) {
			var r = box(svg.getBoundingClientRect());
			if (!inside(r, [0, 0, window.innerWidth, window.innerHeight]))
				fault("the picture", Math.round(r[2] - r[0]) + "x" +
					Math.round(r[3] - r[1]) + " px at " +
					Math.round(r[0]) + "," + Math.round(r[1]) +
					" does not fit the " + window.innerWidth + "x" +
					window.innerHeight + " window");
			checkView("the picture");
			return;
		}
		if (document.documentElement.scrollWidth > window.innerWidth +
		    TOL_PX)
			fault("the page", "wider than the window (" +
				document.documentElement.scrollWidth + " px)");
		press("End");
		var end = where(), guard = 10000;
		press("Home");
		checkView(where());
		while (where() !== end && guard-- > 0) {
			press("ArrowRight");
			checkView(where());
		}
	}

	try {
		run();
	} catch (e) {
		faults.push("error: " + (e && e.message || e));
	}
	(page ? document.body : document.documentElement).setAttribute(
		"data-layout", faults.length ? "fail: " + faults.join(" | ")
		: "ok views=" + views + " labels=" + nLabels + " hits=" + nHits);
}());
