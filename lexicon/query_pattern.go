package lexicon

import (
	"errors"
	"strconv"
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// Pattern is a compiled word pattern: ? any one tile, * any run of tiles (possibly none), [...]
// one tile of a set spelled as words are ([CHLL] is {CH, LL}, [C H] is {C, H}), [^...] one tile
// not in the set, letters that tile (read greedily: CH is the CH tile). It runs as a small automaton whose
// states are bits of a uint64: bit i means "the next tile is matched against element i", so a
// step over the DAWG is a few bit operations and a dead branch shows as state 0.
type Pattern struct {
	src      string
	elems    int        // number of elements; bit elems is "matched the whole pattern"
	stars    uint64     // bits of the '*' elements
	wild     uint64     // bits of the one-tile elements that accept any letter ('?')
	acc      [64]uint64 // acc[t]: bits of the one-tile elements that accept tile t
	minTiles int        // one-tile elements: the shortest word it matches
	hasStar  bool
}

// maxPatternElems keeps the accepting bit inside a uint64.
const maxPatternElems = 63

// ParsePattern compiles a pattern under the set's alphabet.
func ParsePattern(s string, ts *TileSet) (*Pattern, error) {
	p := &Pattern{src: s}
	bad := func(pos int, reason error) error {
		return i18n.Wrap(reason, "pattern.bad_at", "Pattern", i18n.Quote(s), "Pos", pos+1)
	}
	tooLong := i18n.E("pattern.too_long", "Max", maxPatternElems)
	all := uint64(0)
	for t := 1; t < ts.Size() && t < 64; t++ {
		all |= 1 << t
	}
	addSet := func(pos int, set uint64) error {
		if p.elems >= maxPatternElems {
			return bad(pos, tooLong)
		}
		for t := 1; t < 64; t++ {
			if set&(1<<t) != 0 {
				p.acc[t] |= 1 << p.elems
			}
		}
		if set == all {
			p.wild |= 1 << p.elems
		}
		p.elems++
		p.minTiles++
		return nil
	}
	runes := []rune(s)
	for i := 0; i < len(runes); {
		r := runes[i]
		switch {
		case r == '?':
			if err := addSet(i, all); err != nil {
				return nil, err
			}
			i++
		case r == '*':
			if p.elems > 0 && p.stars&(1<<(p.elems-1)) != 0 {
				i++ // ** is *
				continue
			}
			if p.elems >= maxPatternElems {
				return nil, bad(i, tooLong)
			}
			p.stars |= 1 << p.elems
			p.elems++
			p.hasStar = true
			i++
		case r == '[':
			end := -1
			for j := i + 1; j < len(runes); j++ {
				if runes[j] == ']' {
					end = j
					break
				}
			}
			if end < 0 {
				return nil, bad(i, i18n.E("spell.unclosed_bracket"))
			}
			inner := runes[i+1 : end]
			negate := len(inner) > 0 && inner[0] == '^'
			if negate {
				inner = inner[1:]
			}
			set, err := parseTileSetSpec(string(inner), ts)
			if err != nil {
				return nil, bad(i, i18n.Wrap(err, "pattern.in_set", "Set", "["+string(runes[i+1:end])+"]"))
			}
			if negate {
				set = all &^ set
			}
			if set == 0 {
				return nil, bad(i, i18n.E("pattern.empty_set", "Set", "["+string(runes[i+1:end])+"]"))
			}
			if err := addSet(i, set); err != nil {
				return nil, err
			}
			i = end + 1
		case r == ']':
			return nil, bad(i, i18n.E("pattern.unopened_bracket"))
		default:
			j := i
			for j < len(runes) && !strings.ContainsRune("?*[] \t", runes[j]) {
				j++
			}
			if j == i {
				return nil, bad(i, i18n.E("pattern.not_a_tile", "Char", strconv.QuoteRune(r)))
			}
			tiles, err := ts.ParseWord(string(runes[i:j]))
			if err != nil {
				var se *SpellError
				if errors.As(err, &se) {
					return nil, bad(i+se.Pos, se.Reason)
				}
				return nil, bad(i, err)
			}
			for _, t := range tiles {
				if err := addSet(i, 1<<t); err != nil {
					return nil, err
				}
			}
			i = j
		}
	}
	if p.elems == 0 {
		return nil, i18n.E("pattern.empty", "Pattern", i18n.Quote(s))
	}
	return p, nil
}

// parseTileSetSpec reads the inside of [...]: tiles spelled as in words, spaces or commas
// separating where a digraph must not form.
func parseTileSetSpec(s string, ts *TileSet) (uint64, error) {
	var set uint64
	for _, chunk := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
		tiles, err := ts.ParseWord(chunk)
		if err != nil {
			var se *SpellError
			if errors.As(err, &se) {
				return 0, se.Reason
			}
			return 0, err
		}
		for _, t := range tiles {
			if t < 64 {
				set |= 1 << t
			}
		}
	}
	return set, nil
}

// String is the pattern as written.
func (p *Pattern) String() string { return p.src }

// maxTiles is the longest word it can match, 0 when a '*' leaves it unbounded.
func (p *Pattern) maxTiles() int {
	if p.hasStar {
		return 0
	}
	return p.minTiles
}

// closure adds, for each '*' state, the state after it (a star may match nothing). Stars never
// follow each other, so one pass is enough.
func (p *Pattern) closure(s uint64) uint64 { return s | (s&p.stars)<<1 }

func (p *Pattern) start() uint64 { return p.closure(1) }

func (p *Pattern) step(s uint64, t Tile) uint64 {
	if t >= 64 {
		return 0
	}
	return p.closure((s&p.acc[t])<<1 | s&p.stars)
}

func (p *Pattern) accepts(s uint64) bool { return s&(1<<p.elems) != 0 }

// literalPattern is a pattern of fixed tiles, optionally open at the front or back: what
// prefix and suffix conditions compile to.
func literalPattern(src string, tiles []Tile, starFront, starBack bool) *Pattern {
	p := &Pattern{src: src}
	if starFront {
		p.stars |= 1 << p.elems
		p.elems++
		p.hasStar = true
	}
	for _, t := range tiles {
		if p.elems >= maxPatternElems {
			break
		}
		if t := t.Letter(); t < 64 {
			p.acc[t] |= 1 << p.elems
		}
		p.elems++
		p.minTiles++
	}
	if starBack {
		p.stars |= 1 << p.elems
		p.elems++
		p.hasStar = true
	}
	return p
}

// anchoring counts the elements that narrow the tile at a fixed place (a letter or a set, not
// '?') before the first '*' (front) and after the last (back): how soon a walk from either end
// can prune.
func (p *Pattern) anchoring() (front, back int) {
	for i := 0; i < p.elems && p.stars&(1<<i) == 0; i++ {
		if p.wild&(1<<i) == 0 {
			front++
		}
	}
	for i := p.elems - 1; i >= 0 && p.stars&(1<<i) == 0; i-- {
		if p.wild&(1<<i) == 0 {
			back++
		}
	}
	return front, back
}

// reversed is the pattern read right to left: it matches rev(w) when p matches w.
func (p *Pattern) reversed() *Pattern {
	r := &Pattern{src: p.src, elems: p.elems, minTiles: p.minTiles, hasStar: p.hasStar}
	rev := func(x uint64) uint64 {
		var y uint64
		for i := 0; i < p.elems; i++ {
			if x&(1<<i) != 0 {
				y |= 1 << (p.elems - 1 - i)
			}
		}
		return y
	}
	r.stars, r.wild = rev(p.stars), rev(p.wild)
	for t := range p.acc {
		r.acc[t] = rev(p.acc[t])
	}
	return r
}
