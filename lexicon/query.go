package lexicon

// Queries on a lexicon's DAWG: anagrams, subanagrams, patterns and hooks. Every query walks the
// graph and prunes with the rack's tile counts or the pattern's states, so its cost follows the
// words that can still match, never the size of the whole list.

import "slices"

// maxQueryDepth bounds every walk: longer than any word the builder accepts, and a guard against
// a malformed graph whose arcs loop.
const maxQueryDepth = 64

// rackCounts is a rack as a count per tile; index 0 counts the blanks. 256 entries so that any
// tile byte a graph holds indexes it safely.
type rackCounts [256]uint8

func countTiles(rack []Tile) rackCounts {
	var rc rackCounts
	for _, t := range rack {
		if t.IsBlanked() {
			t = Blank // a designated blank on a rack is still a blank
		}
		rc[t]++
	}
	return rc
}

// take takes from the rack a tile to play as letter t: t itself when the rack has one (real
// tiles before blanks, so each word is found once, with the fewest blanks), else a blank played
// as t (placed carries BlankBit). ok is false when the rack has neither.
func (rc *rackCounts) take(t Tile) (placed Tile, ok bool) {
	switch {
	case rc[t] > 0:
		rc[t]--
		return t, true
	case rc[0] > 0:
		rc[0]--
		return t | BlankBit, true
	}
	return 0, false
}

// putBack returns to the rack a tile that take took.
func (rc *rackCounts) putBack(placed Tile) {
	if placed.IsBlanked() {
		rc[0]++
	} else {
		rc[placed]++
	}
}

// walker is the one DAWG traversal behind anagrams, subanagrams, patterns, searches and rank
// tables: each constraint (the rack, up to three patterns, the length) prunes a branch as soon as
// it cannot lead to a match. A rack's tiles and blanks are spent in one place, take and putBack;
// a rack without patterns runs walkRack, the same walk without the pattern steps (anagrams are
// its hot loop: a third fewer instructions than the general walk).
type walker struct {
	g       *KWG
	useRack bool
	rc      rackCounts
	pats    []*Pattern
	minLen  int
	maxLen  int
	word    [maxQueryDepth]Tile
	emit    func(word []Tile) bool // false stops the walk
	stopped bool
	// backward: the walk follows the GADDAG's reversed words; fwd turns each back for emit.
	backward bool
	fwd      [maxQueryDepth]Tile
}

// maxWalkPatterns is how many patterns a walk follows at once (pattern, prefix, suffix).
const maxWalkPatterns = 3

type patStates [maxWalkPatterns]uint64

func (w *walker) run() {
	if w.maxLen <= 0 || w.maxLen > maxQueryDepth {
		w.maxLen = maxQueryDepth
	}
	if w.useRack && len(w.pats) == 0 {
		w.walkRack(w.g.DawgRoot(), 0)
		return
	}
	root := w.g.DawgRoot()
	if w.preferBackward() {
		// The GADDAG holds every word reversed (rev(w), no separator): walking those paths with
		// the patterns reversed prunes from the anchored end, so *CION does not visit every word.
		if gr := w.g.GaddagRoot(); gr != 0 {
			root = gr
			w.backward = true
			rev := make([]*Pattern, len(w.pats))
			for i, p := range w.pats {
				rev[i] = p.reversed()
			}
			w.pats = rev
		}
	}
	var st patStates
	for i, p := range w.pats {
		st[i] = p.start()
	}
	w.walk(root, 0, st)
}

// preferBackward reports whether the patterns pin more tiles at the end of a word than at its
// start, so that a walk over reversed words prunes sooner.
func (w *walker) preferBackward() bool {
	front, back := 0, 0
	for _, p := range w.pats {
		f, b := p.anchoring()
		front, back = max(front, f), max(back, b)
	}
	return back > front
}

// found hands a word to emit, in reading order when the walk runs over reversed words.
func (w *walker) found(n int) bool {
	if !w.backward {
		return w.emit(w.word[:n])
	}
	for i := range n {
		w.fwd[i] = w.word[n-1-i]
	}
	return w.emit(w.fwd[:n])
}

// walkRack is walk for a rack alone (anagrams, subanagrams): the hot loop with nothing else.
// It spends the rack's tiles and blanks as walk does, through take and putBack.
func (w *walker) walkRack(list uint32, depth int) {
	if list == 0 {
		return
	}
	nodes := w.g.nodes
	n := depth + 1
	for i := list; int(i) < len(nodes); i++ {
		v := nodes[i]
		if t := Tile(v >> kwgTileShft); t != Blank {
			if placed, ok := w.rc.take(t); ok {
				w.word[depth] = placed
				if v&kwgAccepts != 0 && n >= w.minLen && !w.emit(w.word[:n]) {
					w.stopped = true
				}
				if !w.stopped && n < w.maxLen {
					w.walkRack(v&kwgArcMask, n)
				}
				w.rc.putBack(placed)
				if w.stopped {
					return
				}
			}
		}
		if v&kwgIsEnd != 0 {
			return
		}
	}
}

// walk visits the sibling list at list, the word so far being w.word[:depth] and the patterns'
// states st; with a rack, it spends the rack's tiles and blanks as walkRack does.
func (w *walker) walk(list uint32, depth int, st patStates) {
	if list == 0 {
		return
	}
	nodes := w.g.nodes
	for i := list; int(i) < len(nodes); i++ {
		v := nodes[i]
		t := Tile(v >> kwgTileShft)
		if t == Blank {
			goto next // a DAWG holds no separators; skip anything odd a foreign file has
		}
		{
			placed := t
			if w.useRack {
				var ok bool
				if placed, ok = w.rc.take(t); !ok {
					goto next
				}
			}
			var ns patStates
			ok := true
			for k, p := range w.pats {
				ns[k] = p.step(st[k], t)
				if ns[k] == 0 {
					ok = false
					break
				}
			}
			if ok {
				w.word[depth] = placed
				n := depth + 1
				if v&kwgAccepts != 0 && n >= w.minLen && w.accepts(ns) {
					if !w.found(n) {
						w.stopped = true
					}
				}
				if !w.stopped && n < w.maxLen {
					w.walk(v&kwgArcMask, n, ns)
				}
			}
			if w.useRack {
				w.rc.putBack(placed)
			}
			if w.stopped {
				return
			}
		}
	next:
		if v&kwgIsEnd != 0 {
			return
		}
	}
}

func (w *walker) accepts(st patStates) bool {
	for k, p := range w.pats {
		if !p.accepts(st[k]) {
			return false
		}
	}
	return true
}

// wordArena keeps found words in one backing array, so a query allocates a few times rather than
// once per word.
type wordArena struct {
	tiles []Tile
	ends  []int
}

func (a *wordArena) add(w []Tile) {
	a.tiles = append(a.tiles, w...)
	a.ends = append(a.ends, len(a.tiles))
}

func (a *wordArena) words() [][]Tile {
	out := make([][]Tile, len(a.ends))
	start := 0
	for i, end := range a.ends {
		out[i] = a.tiles[start:end:end]
		start = end
	}
	return out
}

// Anagrams returns the words that use every tile of the rack, in alphabet order. A rack may hold
// blanks ('?'); in a word found with them, the tiles a blank stood for carry BlankBit (Word spells
// them plainly, Notation in lower case). Real tiles are used before blanks, so each word comes
// once, with the fewest blanks.
func (l *Lexicon) Anagrams(rack []Tile) [][]Tile {
	return l.rackWords(rack, len(rack))
}

// Subanagrams returns the words of at least minLen tiles made from some of the rack's tiles
// (blanks as in Anagrams), in alphabet order.
func (l *Lexicon) Subanagrams(rack []Tile, minLen int) [][]Tile {
	return l.rackWords(rack, minLen)
}

func (l *Lexicon) rackWords(rack []Tile, minLen int) [][]Tile {
	if len(rack) == 0 {
		return nil
	}
	var a wordArena
	a.tiles = make([]Tile, 0, 16*len(rack))
	w := walker{g: l.Graph, useRack: true, rc: countTiles(rack), minLen: max(minLen, 1), maxLen: len(rack)}
	w.emit = func(word []Tile) bool { a.add(word); return true }
	w.run()
	return a.words()
}

// Match returns the words the pattern matches, in alphabet order.
func (l *Lexicon) Match(p *Pattern) [][]Tile {
	var a wordArena
	w := walker{g: l.Graph, pats: []*Pattern{p}, minLen: p.minTiles, maxLen: p.maxTiles()}
	w.emit = func(word []Tile) bool { a.add(word); return true }
	w.run()
	words := a.words()
	if w.backward {
		slices.SortFunc(words, compareTiles)
	}
	return words
}

// Hooks are the tiles that make a word from another by adding one tile at its front or back.
// Digraph tiles hook like any other: CH before AL... is a CH front hook.
type Hooks struct {
	Front []Tile // t such that t+word is a word, alphabet order
	Back  []Tile // t such that word+t is a word
}

// Hooks finds the front and back hooks of a word (which need not itself be valid).
func (l *Lexicon) Hooks(word []Tile) Hooks {
	var h Hooks
	if len(word) == 0 || len(word)+1 > maxQueryDepth {
		return h
	}
	g := l.Graph
	// Back hooks: the accepting children of the word's own DAWG node.
	list := g.DawgRoot()
	node := uint32(0)
	for _, t := range word {
		node = g.Seek(list, t.Letter())
		if node == 0 {
			break
		}
		list = g.ArcIndex(node)
	}
	if node != 0 && list != 0 {
		for i := list; int(i) < len(g.nodes); i++ {
			if t := g.Tile(i); t != Blank && g.Accepts(i) {
				h.Back = append(h.Back, t)
			}
			if g.IsEnd(i) {
				break
			}
		}
	}
	// Front hooks: each first tile under which the rest of the word is a path to a word.
	var buf [maxQueryDepth]Tile
	for i, t := range word {
		buf[i+1] = t.Letter()
	}
	for i := g.DawgRoot(); i != 0 && int(i) < len(g.nodes); i++ {
		t := g.Tile(i)
		if t != Blank && g.followAccepts(g.ArcIndex(i), buf[1:len(word)+1]) {
			h.Front = append(h.Front, t)
		}
		if g.IsEnd(i) {
			break
		}
	}
	return h
}

// followAccepts reports whether the path from the sibling list spelled by tiles ends on a word.
func (g *KWG) followAccepts(list uint32, tiles []Tile) bool {
	node := uint32(0)
	for _, t := range tiles {
		node = g.Seek(list, t)
		if node == 0 {
			return false
		}
		list = g.ArcIndex(node)
	}
	return node != 0 && g.Accepts(node)
}

// WordPoints is a word's face value under the set: the sum of its tiles' points, blanks 0.
func (ts *TileSet) WordPoints(w []Tile) int {
	p := 0
	for _, t := range w {
		p += ts.Points(t)
	}
	return p
}

// Vowels counts the vowel tiles of a word (blanks played as vowels count).
func (ts *TileSet) Vowels(w []Tile) int {
	n := 0
	for _, t := range w {
		if ts.IsVowel(t) {
			n++
		}
	}
	return n
}
