package lexicon

import (
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// SearchListing is a search run, one row a word or one an alphagram, in the three forms every
// front end shows: JSON for scripts, plain lines when piped, a document on a terminal.
type SearchListing struct {
	ts         *TileSet
	q          Search
	byAlpha    bool
	Words      []Result          // by word
	Alphagrams []AlphagramResult // by alphagram, most probable first, each with its words
}

// ParseSearchBy reads how a search lists its results: one row a word ("word", "palabra" or
// nothing) or one an alphagram ("alphagram", "alfagrama"); ok is false for anything else.
func ParseSearchBy(s string) (byAlphagram, ok bool) {
	switch strings.ToLower(s) {
	case "word", "palabra", "":
		return false, true
	case "alphagram", "alfagrama":
		return true, true
	}
	return false, false
}

// SearchListing runs q, listing its alphagrams (top counting alphagrams) when byAlphagram.
func (l *Lexicon) SearchListing(q Search, byAlphagram bool) (*SearchListing, error) {
	out := &SearchListing{ts: l.Tiles, q: q, byAlpha: byAlphagram}
	var err error
	if byAlphagram {
		out.Alphagrams, err = l.SearchAlphagrams(q)
	} else {
		out.Words, err = l.Search(q)
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// JSON is the results for scripts: SearchJSON, or AlphagramsJSON by alphagram.
func (s *SearchListing) JSON() any {
	if s.byAlpha {
		return AlphagramResultsJSON(s.ts, s.Alphagrams)
	}
	return ResultsJSON(s.ts, s.Words)
}

// Lines is the results one a line, as piped.
func (s *SearchListing) Lines() []string {
	if s.byAlpha {
		return AlphagramLines(s.ts, s.Alphagrams)
	}
	return ResultWords(s.ts, s.Words)
}

// Doc is the results as a table for a reader.
func (s *SearchListing) Doc(p *i18n.Printer) *ui.Doc {
	if s.byAlpha {
		return AlphagramsDoc(p, s.ts, s.q, s.Alphagrams)
	}
	return SearchDoc(p, s.ts, s.q, s.Words)
}
