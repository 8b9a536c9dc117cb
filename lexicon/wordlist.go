package lexicon

import (
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
)

// Word lengths a lexicon holds, in tiles.
const (
	MinWordTiles = 2
	MaxWordTiles = 15
)

// Limits on what ReadWordList reads, so that a wrong file (/dev/zero, a disk image, an endless
// pipe) ends with an error instead of taking all memory. FILE2017 as text is about 7 MB.
const (
	maxListLine     = 1 << 20 // one line
	maxListProblems = 10000   // lines that are not words, when they are also most lines
)

// maxListBytes bounds a whole list (a variable so that tests can lower it).
var maxListBytes int64 = 32 << 20

// ListProblem is a line of a word list that was not read as a word.
type ListProblem struct {
	File   string
	Line   int
	Text   string // the line as read
	Reason error  // what was wrong and what was expected (a catalogue error)
}

// err is the problem as the catalogue writes it: "list.txt:3: ... (got "kilo")".
func (p ListProblem) err() error {
	return i18n.Wrap(p.Reason, "wordlist.problem", "File", p.File, "Line", p.Line, "Text", i18n.Quote(p.Text))
}

func (p ListProblem) Error() string { return p.err().Error() }

// Unwrap lets i18n's Printer.Err write the problem in the reader's language.
func (p ListProblem) Unwrap() error { return p.err() }

// ListProblems are the lines of a word list that were skipped, in file order.
type ListProblems []ListProblem

// WordList is what ReadWordList made of a file.
type WordList struct {
	Words    [][]Tile     // every good line, in file order (repeats kept; BuildKWG drops them)
	Problems ListProblems // every line skipped, in file order
	Lines    int          // lines read, blank and comment lines included
}

// ErrStrictStop is the error ReadWordList returns, around the first problem, when strict.
var ErrStrictStop = &i18n.Error{ID: "wordlist.strict_stop"}

// ReadWordList reads a word list: one word a line, in any spelling ParseWord accepts (CHARRO,
// [CH], FISE's 1 2 3, any case, accents dropped, composed or not), UTF-8 or Latin-1. Blank lines
// and lines starting with '#' are skipped. A line that is not a word of 2..15 tiles of ts is a
// problem: with strict the first one is returned as the error (errors.Is ErrStrictStop);
// otherwise all are listed and the good words kept, and the caller must say how many lines
// were skipped. A list over 32 MB, a line over 1 MB, or more than 10,000 lines that are not
// words making up most of the file is an error: not a word list.
func ReadWordList(r io.Reader, file string, ts *TileSet, strict bool) (*WordList, error) {
	wl := &WordList{}
	sc := fileio.NewScanner(r, file, maxListBytes, maxListLine)
	var buf, block []Tile
	for sc.Scan() {
		wl.Lines = sc.Line()
		text := strings.TrimSpace(decodeLine(sc.Bytes()))
		if wl.Lines == 1 {
			text = strings.TrimPrefix(text, "\ufeff")
		}
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		problem := func(reason error) {
			wl.Problems = append(wl.Problems, ListProblem{File: file, Line: wl.Lines, Text: text, Reason: reason})
		}
		w, err := ts.AppendParse(buf[:0], text, ParseOptions{})
		switch {
		case err != nil:
			var se *SpellError
			if errors.As(err, &se) {
				err = se.Reason
			}
			problem(i18n.Wrap(err, "wordlist.not_a_word", "Set", ts.Name))
		case len(w) < MinWordTiles:
			problem(i18n.E("wordlist.too_short", "Tiles", len(w), "Min", MinWordTiles, "Max", MaxWordTiles))
		case len(w) > MaxWordTiles:
			problem(i18n.E("wordlist.too_long", "Tiles", len(w), "Min", MinWordTiles, "Max", MaxWordTiles))
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
			return nil, i18n.Wrap(wl.Problems[0], "wordlist.strict_stop")
		}
		if len(wl.Problems) >= maxListProblems && len(wl.Problems) > len(wl.Words) {
			return nil, i18n.E("wordlist.mostly_problems", "File", file, "Problems", len(wl.Problems), "Lines", wl.Lines, "Set", ts.Name)
		}
	}
	var long *fileio.LineTooLongError
	var big *fileio.TooBigError
	switch err := sc.Err(); {
	case errors.As(err, &long):
		return nil, i18n.E("wordlist.line_too_long", "File", fileio.Name(file), "Line", long.Line, "Max", byteSize(int64(long.Max)))
	case errors.As(err, &big):
		return nil, i18n.E("wordlist.too_big", "File", fileio.Name(file), "Max", byteSize(big.Max))
	case err != nil:
		return nil, err // names the file and the line
	}
	return wl, nil
}

// byteSize writes a power-of-two size the way people read it: "32 MB", "64 KB".
func byteSize(n int64) string {
	if n >= 1<<20 {
		return strconv.FormatInt(n>>20, 10) + " MB"
	}
	return strconv.FormatInt(n>>10, 10) + " KB"
}

// Summary says how many lines were skipped and why, with the first few reasons: what a caller
// prints so that a list never half-loads silently. Empty when nothing was skipped.
func (wl *WordList) Summary(first int) string { return wl.Problems.Summary(first) }

// Summary is Report in English.
func (ps ListProblems) Summary(first int) string { return ps.Report(i18n.For(i18n.English), first) }

// Report says, in p's language, how many lines were skipped and why, the first few reasons one
// a line: "skipped 2 lines that are not words of 2 to 15 tiles:\n  list.txt:3: ...\n". Empty
// when nothing was skipped.
func (ps ListProblems) Report(p *i18n.Printer, first int) string {
	if len(ps) == 0 {
		return ""
	}
	var sb strings.Builder
	sb.WriteString(p.N("wordlist.skipped", len(ps), "Min", MinWordTiles, "Max", MaxWordTiles) + "\n")
	for i, pr := range ps {
		if i == first {
			sb.WriteString("  " + p.N("wordlist.and_more", len(ps)-first) + "\n")
			break
		}
		sb.WriteString("  " + p.Err(pr) + "\n")
	}
	return sb.String()
}
