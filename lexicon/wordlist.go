package lexicon

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Word lengths a lexicon holds, in tiles.
const (
	MinWordTiles = 2
	MaxWordTiles = 15
)

// ListProblem is a line of a word list that was not read as a word.
type ListProblem struct {
	File   string
	Line   int
	Text   string // the line as read
	Reason string // what was wrong and what was expected
}

func (p ListProblem) Error() string {
	return fmt.Sprintf("%s:%d: %s (got %q)", p.File, p.Line, p.Reason, p.Text)
}

// ListProblems are the lines of a word list that were skipped, in file order.
type ListProblems []ListProblem

// WordList is what ReadWordList made of a file.
type WordList struct {
	Words    [][]Tile     // every good line, in file order (repeats kept; BuildKWG drops them)
	Problems ListProblems // every line skipped, in file order
	Lines    int          // lines read, blank and comment lines included
}

// ReadWordList reads a word list: one word a line, in any spelling ParseWord accepts (CHARRO,
// [CH], FISE's 1 2 3, any case, accents dropped), UTF-8 or Latin-1. Blank lines and lines
// starting with '#' are skipped. A line that is not a word of 2..15 tiles of ts is a problem:
// with strict the first one is returned as the error; otherwise all are listed and the good
// words kept, and the caller must say how many lines were skipped.
func ReadWordList(r io.Reader, file string, ts *TileSet, strict bool) (*WordList, error) {
	wl := &WordList{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	var buf, block []Tile
	for sc.Scan() {
		wl.Lines++
		text := strings.TrimSpace(decodeLine(sc.Bytes()))
		if wl.Lines == 1 {
			text = strings.TrimPrefix(text, "\ufeff")
		}
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		problem := func(reason string) {
			wl.Problems = append(wl.Problems, ListProblem{File: file, Line: wl.Lines, Text: text, Reason: reason})
		}
		w, err := ts.AppendParse(buf[:0], text, ParseOptions{})
		switch {
		case err != nil:
			reason := err.Error()
			if se, ok := err.(*SpellError); ok {
				reason = se.Reason.Error()
			}
			problem(reason + "; expected one word a line, letters of the " + ts.Name + " set")
		case len(w) < MinWordTiles:
			problem(fmt.Sprintf("%d tile, expected a word of %d to %d tiles", len(w), MinWordTiles, MaxWordTiles))
		case len(w) > MaxWordTiles:
			problem(fmt.Sprintf("%d tiles, expected a word of %d to %d tiles", len(w), MinWordTiles, MaxWordTiles))
		default:
			// Words share large blocks: a list of 600,000 words is then a few allocations.
			if len(block)+len(w) > cap(block) {
				block = make([]Tile, 0, 64*1024)
			}
			start := len(block)
			block = append(block, w...)
			wl.Words = append(wl.Words, block[start:len(block):len(block)])
		}
		if w != nil {
			buf = w
		}
		if strict && len(wl.Problems) > 0 {
			return nil, fmt.Errorf("%w (--strict: stopped at the first bad line)", wl.Problems[0])
		}
	}
	if err := sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			return nil, fmt.Errorf("%s:%d: line longer than 1 MB: is this a word list (one word a line)?", file, wl.Lines+1)
		}
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return wl, nil
}

// Summary says how many lines were skipped and why, with the first few reasons: what a caller
// prints so that a list never half-loads silently. Empty when nothing was skipped.
func (wl *WordList) Summary(first int) string { return wl.Problems.Summary(first) }

// plural picks the words for a count of n: "1 line", "2 lines".
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Summary is WordList.Summary for the problems alone.
func (ps ListProblems) Summary(first int) string {
	if len(ps) == 0 {
		return ""
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "skipped %d %s of %d to %d tiles:\n", len(ps), plural(len(ps), "line that is not a word", "lines that are not words"), MinWordTiles, MaxWordTiles)
	for i, p := range ps {
		if i == first {
			fmt.Fprintf(&sb, "  ... and %d more\n", len(ps)-first)
			break
		}
		sb.WriteString("  " + p.Error() + "\n")
	}
	return sb.String()
}
