// atril web: the little JavaScript the pages need. Forms work without it; the board needs it
// to take tiles. No rule of the game lives here: the server reads the placements and the
// engine judges them.
(function () {
  "use strict";

  // Buttons that ask first (pass).
  document.querySelectorAll("[data-confirm]").forEach(function (b) {
    b.addEventListener("click", function (e) {
      if (!window.confirm(b.dataset.confirm)) e.preventDefault();
    });
  });

  // Yes/no questions: S/Y/V for valid, N for not.
  var yes = document.getElementById("answer-yes"), no = document.getElementById("answer-no");
  if (yes && no) {
    document.addEventListener("keydown", function (e) {
      if (e.target.tagName === "INPUT" || e.ctrlKey || e.metaKey || e.altKey) return;
      var k = e.key.toLowerCase();
      if (k === "s" || k === "y" || k === "v") { e.preventDefault(); yes.click(); }
      if (k === "n") { e.preventDefault(); no.click(); }
    });
    yes.focus();
  }

  // The player's clock.
  var clock = document.querySelector("[data-clock]");
  if (clock) {
    var left = parseInt(clock.dataset.clock, 10), t0 = Date.now();
    var tick = function () {
      var s = left - Math.floor((Date.now() - t0) / 1000), a = Math.abs(s);
      clock.textContent = (s < 0 ? "−" : "") + Math.floor(a / 60) + ":" + String(a % 60).padStart(2, "0");
      clock.classList.toggle("over", s < 0);
    };
    tick();
    setInterval(tick, 1000);
  }

  var board = document.querySelector(".board.live");
  var rack = document.querySelector("[data-rack]");
  var form = document.getElementById("play-form");
  if (!board || !rack || !form) return;
  var game = document.querySelector("[data-letters]");
  var alphabet = game ? game.dataset.letters.split(" ") : [];
  var picker = document.getElementById("picker");
  var tiles = Array.prototype.map.call(rack.querySelectorAll(".rt"), function (btn) {
    var t = btn.querySelector(".tile");
    return { btn: btn, label: t.dataset.label, points: t.dataset.points, blank: t.dataset.label === "?", at: null };
  });
  var placed = [];      // tiles on the board, in the order placed
  var selected = null;  // the rack tile taken
  var cursor = null;    // {r, c, down}
  var swapping = false; // choosing tiles to exchange

  function square(r, c) { return board.querySelector('.sq[data-r="' + r + '"][data-c="' + c + '"]'); }
  function free(r, c) { var s = square(r, c); return s && !s.classList.contains("has-pending"); }

  function drawCursor() {
    board.querySelectorAll(".sq.cursor").forEach(function (s) { s.classList.remove("cursor", "down"); });
    if (!cursor) return;
    var s = square(cursor.r, cursor.c);
    if (s) { s.classList.add("cursor"); if (cursor.down) s.classList.add("down"); }
  }
  function select(t) {
    tiles.forEach(function (x) { x.btn.classList.remove("sel"); });
    selected = t;
    if (t) t.btn.classList.add("sel");
  }
  function tileSpan(t, letter) {
    var span = document.createElement("span");
    span.className = "tile pending" + (t.blank ? " blanked" : "") + (letter.length > 1 ? " wide" : "");
    var b = document.createElement("b"); b.textContent = t.blank ? letter.toLowerCase() : letter;
    var i = document.createElement("i"); i.textContent = t.blank ? "" : t.points;
    span.appendChild(b); span.appendChild(i);
    return span;
  }
  function put(t, r, c, letter) {
    var s = square(r, c);
    if (!s || !free(r, c)) return false;
    t.at = { r: r, c: c, letter: letter };
    s.classList.add("has-pending");
    s.appendChild(tileSpan(t, letter));
    t.btn.classList.add("used");
    placed.push(t);
    select(null);
    return true;
  }
  function takeBack(t) {
    if (!t.at) return;
    var s = square(t.at.r, t.at.c);
    if (s) { s.classList.remove("has-pending"); var p = s.querySelector(".tile.pending"); if (p) p.remove(); }
    t.at = null;
    t.btn.classList.remove("used");
    placed = placed.filter(function (x) { return x !== t; });
  }
  function recall() { placed.slice().forEach(takeBack); cursor = null; drawCursor(); }
  // advance moves the cursor on, over the board's tiles, to the next free square.
  function advance() {
    if (!cursor) return;
    var r = cursor.r, c = cursor.c;
    for (;;) {
      if (cursor.down) r++; else c++;
      if (r > 14 || c > 14) { cursor = null; break; }
      var s = square(r, c);
      if (s && !s.classList.contains("has-pending")) { cursor.r = r; cursor.c = c; break; }
      if (s) continue; // one of ours: go on past it
      // a board tile (no data-r): go on past it
    }
    drawCursor();
  }
  // askBlank asks which letter a blank stands for, then calls done(letter).
  function askBlank(done) {
    if (!picker) return;
    var box = picker.querySelector(".letters");
    box.textContent = "";
    alphabet.forEach(function (l) {
      var b = document.createElement("button");
      b.type = "button"; b.textContent = l;
      b.addEventListener("click", function () { picker.hidden = true; done(l); });
      box.appendChild(b);
    });
    picker.hidden = false;
  }
  if (picker) picker.addEventListener("click", function (e) { if (e.target === picker) picker.hidden = true; });

  function placeAt(t, r, c) {
    if (t.blank) askBlank(function (l) { if (put(t, r, c, l)) { if (cursor && cursor.r === r && cursor.c === c) advance(); } });
    else if (put(t, r, c, t.label) && cursor && cursor.r === r && cursor.c === c) advance();
  }

  board.addEventListener("click", function (e) {
    var s = e.target.closest(".sq");
    if (!s || !s.dataset.r || swapping) return;
    var r = +s.dataset.r, c = +s.dataset.c;
    if (s.classList.contains("has-pending")) {
      var t = placed.filter(function (x) { return x.at.r === r && x.at.c === c; })[0];
      if (t) takeBack(t);
      cursor = { r: r, c: c, down: cursor ? cursor.down : false };
      drawCursor();
      return;
    }
    if (selected) {
      cursor = null;
      placeAt(selected, r, c);
      drawCursor();
      return;
    }
    if (cursor && cursor.r === r && cursor.c === c) cursor.down = !cursor.down;
    else cursor = { r: r, c: c, down: cursor ? cursor.down : false };
    drawCursor();
  });

  rack.addEventListener("click", function (e) {
    var b = e.target.closest(".rt");
    if (!b) return;
    var t = tiles.filter(function (x) { return x.btn === b; })[0];
    if (!t || t.at) return;
    if (swapping) { b.classList.toggle("swap"); return; }
    if (cursor) { placeAt(t, cursor.r, cursor.c); return; }
    select(selected === t ? null : t);
  });

  var digraphs = { "1": "CH", "2": "LL", "3": "RR" };
  var fallback = { C: "CH", L: "LL", R: "RR" };
  function unused(label) { return tiles.filter(function (t) { return !t.at && !t.blank && t.label === label; })[0]; }
  function blankTile() { return tiles.filter(function (t) { return !t.at && t.blank; })[0]; }

  document.addEventListener("keydown", function (e) {
    if (e.target.tagName === "INPUT" || e.ctrlKey || e.metaKey || e.altKey) return;
    if (picker && !picker.hidden) { if (e.key === "Escape") picker.hidden = true; return; }
    if (e.key === "Enter") { if (placed.length) { e.preventDefault(); submit(); form.submit(); } return; }
    if (e.key === "Escape") { recall(); select(null); return; }
    if (e.key === "Backspace") {
      var t = placed[placed.length - 1];
      if (t) { e.preventDefault(); var at = t.at; takeBack(t); cursor = { r: at.r, c: at.c, down: cursor ? cursor.down : false }; drawCursor(); }
      return;
    }
    if (!cursor) return;
    var key = e.key.length === 1 ? e.key.toUpperCase() : "";
    if (digraphs[key]) key = digraphs[key];
    if (!key || alphabet.indexOf(key) < 0) return;
    e.preventDefault();
    var tile = e.shiftKey ? null : unused(key);
    if (!tile && !e.shiftKey && fallback[key] && unused(fallback[key])) { tile = unused(fallback[key]); key = fallback[key]; }
    if (!tile) { var bl = blankTile(); if (bl && put(bl, cursor.r, cursor.c, key)) advance(); return; }
    if (put(tile, cursor.r, cursor.c, tile.label)) advance();
  });

  function submit() {
    var p = document.getElementById("placements");
    if (p) p.value = placed.map(function (t) { return t.at.r + "," + t.at.c + "," + t.at.letter + "," + (t.blank ? 1 : 0); }).join(";");
  }
  form.addEventListener("submit", function (e) {
    var action = e.submitter ? e.submitter.value : "";
    if (action === "exchange") {
      if (!swapping) { e.preventDefault(); recall(); swapping = true; rack.classList.add("swapping"); return; }
      var chosen = tiles.filter(function (t) { return t.btn.classList.contains("swap"); }).map(function (t) { return t.label; });
      if (!chosen.length) { e.preventDefault(); swapping = false; rack.classList.remove("swapping"); return; }
      document.getElementById("exchange").value = chosen.join(" ");
      return;
    }
    submit();
  });

  var shuffle = document.querySelector("[data-shuffle]");
  if (shuffle) shuffle.addEventListener("click", function () {
    var bs = Array.prototype.slice.call(rack.children);
    for (var i = bs.length - 1; i > 0; i--) { var j = Math.floor(Math.random() * (i + 1)); var x = bs[i]; bs[i] = bs[j]; bs[j] = x; }
    bs.forEach(function (b) { rack.appendChild(b); });
  });
  var recallBtn = document.querySelector("[data-recall]");
  if (recallBtn) recallBtn.addEventListener("click", function () { recall(); select(null); swapping = false; tiles.forEach(function (t) { t.btn.classList.remove("swap"); }); });
})();
