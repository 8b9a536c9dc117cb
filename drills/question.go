// Package drills asks a player questions about a lexicon (anagrams, two-tile words, digraph
// tiles, hooks, word judging), one answer a line, and keeps every answer in the study store.
// Decks and spaced-repetition reviews live here too (deck.go, review.go); answers are saved in internal/studystore.
package drills

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/lexicon"
)

// Kind names a drill; answers are filed under it, and stats count by it.
type Kind string

const (
	KindAnagram  Kind = "anagram"
	KindBuild    Kind = "build"
	KindTwos     Kind = "twos"
	KindDigraphs Kind = "digraphs"
	KindHooks    Kind = "hooks"
	KindJudge    Kind = "judge"
)

// Kinds lists every drill, in the order `atril drill --help` shows them.
var Kinds = []Kind{KindAnagram, KindBuild, KindTwos, KindDigraphs, KindHooks, KindJudge}

// Form is how a question is answered on its one line.
type Form string

const (
	// FormWords: every word, all on one line separated by spaces; an empty line says "none".
	FormWords Form = "words"
	// FormYesNo: y or n (sí/no).
	FormYesNo Form = "yesno"
	// FormHooks: front hook tiles, a slash, back hook tiles ("a ch / s"); an empty line says none.
	FormHooks Form = "hooks"
)

// Question is one thing to ask. Questions are built up front from a seed, so that a drill can be
// listed (--list) and replayed exactly.
type Question struct {
	Kind Kind
	Form Form
	// Card names what is asked, in a stable spelling the store files answers under: an
	// alphagram, a word, a two-tile pair. With Kind and the lexicon it identifies the card.
	Card string
	// Show is what the player sees: a rack in alphagram order, a word, tiles.
	Show string
	// Ask says what to answer ("every word of 7 tiles", "valid?").
	Ask string

	Words []string // FormWords: every right word, sorted, plain upper case
	Valid bool     // FormYesNo: the right answer
	Front []string // FormHooks: front hook tiles, alphabet order
	Back  []string // FormHooks: back hook tiles, alphabet order
	// Note is shown after the answer: why (the anagrams of a judged rack, the digraph rule).
	Note string
	// CardID is the study store's card when the question comes from a deck, 0 otherwise.
	CardID int64

	rack   []lexicon.Tile // FormWords from a rack: what the words must be made of
	isRack bool           // FormYesNo about a rack: is there a word with all its tiles
	minLen int            // FormWords: the shortest word asked for
	// offWhy explains a typed word that is valid but not an answer ("not two tiles with Ñ").
	offWhy string
}

// Expected spells the right answer on one line, the way the player would type it: the words
// ("-" for none), "yes"/"no", or "FRONT / BACK" hooks.
func (q *Question) Expected() string {
	switch q.Form {
	case FormYesNo:
		return yesNo(q.Valid)
	case FormHooks:
		return hooksText(q)
	}
	if len(q.Words) == 0 {
		return "-"
	}
	return strings.Join(q.Words, " ")
}

// Result is how a typed answer was judged.
type Result struct {
	Right bool
	// Missed are the right answers not given: words, or hook tiles as "front X" / "back X".
	Missed []string
	// Wrong are the answers given that are not right, each with why: "SENTIRA (not a word)".
	Wrong []string
	// TimedOut: no answer, or the answer came after the time limit.
	TimedOut bool
	Elapsed  time.Duration
}

// InputError is a line the question cannot read; the player is asked again, nothing is judged.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

// Judge reads the typed line and judges it against the question under the lexicon.
func (q *Question) Judge(lex *lexicon.Lexicon, line string) (Result, error) {
	line = strings.TrimSpace(line)
	switch q.Form {
	case FormYesNo:
		yes, ok := parseYesNo(line)
		if !ok {
			return Result{}, &InputError{fmt.Sprintf("%q: answer y (yes, valid) or n (no, not valid)", line)}
		}
		r := Result{Right: yes == q.Valid}
		if !r.Right {
			r.Wrong = []string{yesNo(yes)}
			r.Missed = []string{yesNo(q.Valid)}
		}
		return r, nil
	case FormHooks:
		front, back, err := parseHooks(lex.Tiles, line)
		if err != nil {
			return Result{}, err
		}
		var r Result
		for _, side := range []struct {
			name       string
			given, ask []string
		}{{"front", front, q.Front}, {"back", back, q.Back}} {
			for _, t := range side.ask {
				if !slices.Contains(side.given, t) {
					r.Missed = append(r.Missed, side.name+" "+t)
				}
			}
			for _, t := range side.given {
				if !slices.Contains(side.ask, t) {
					r.Wrong = append(r.Wrong, side.name+" "+t)
				}
			}
		}
		r.Right = len(r.Missed) == 0 && len(r.Wrong) == 0
		return r, nil
	default:
		given, err := parseWords(lex.Tiles, line)
		if err != nil {
			return Result{}, err
		}
		var r Result
		for _, w := range q.Words {
			if !slices.Contains(given, w) {
				r.Missed = append(r.Missed, w)
			}
		}
		for _, w := range given {
			if !slices.Contains(q.Words, w) {
				r.Wrong = append(r.Wrong, w+" ("+q.whyWrong(lex, w)+")")
			}
		}
		r.Right = len(r.Missed) == 0 && len(r.Wrong) == 0
		return r, nil
	}
}

// whyWrong says why a typed word is not one of the answers.
func (q *Question) whyWrong(lex *lexicon.Lexicon, word string) string {
	tiles, err := lex.Tiles.ParseWord(word)
	if err != nil {
		return "not a word"
	}
	if !lex.Contains(tiles) {
		return "not a word"
	}
	if q.rack != nil && !fitsRack(tiles, q.rack) {
		return "a word, but not from these tiles"
	}
	if len(tiles) < q.minLen {
		return fmt.Sprintf("a word, but under %d tiles", q.minLen)
	}
	if q.offWhy != "" {
		return q.offWhy
	}
	return "a word, but not an answer"
}

// fitsRack reports whether the word's tiles can be taken from the rack, blanks standing in.
func fitsRack(word, rack []lexicon.Tile) bool {
	var n [256]int
	for _, t := range rack {
		n[t.Letter()]++
	}
	for _, t := range word {
		switch {
		case n[t.Letter()] > 0:
			n[t.Letter()]--
		case n[lexicon.Blank] > 0:
			n[lexicon.Blank]--
		default:
			return false
		}
	}
	return true
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func parseYesNo(s string) (yes, ok bool) {
	switch strings.ToLower(strings.TrimRight(s, ".!")) {
	case "y", "yes", "s", "si", "sí", "v", "valid", "valida", "válida":
		return true, true
	case "n", "no", "not", "invalid", "invalida", "inválida":
		return false, true
	}
	return false, false
}

// splitAnswer splits a line into its words: spaces, commas and semicolons separate them.
func splitAnswer(line string) []string {
	return strings.FieldsFunc(line, func(r rune) bool {
		return r == ' ' || r == '\t' || r == ',' || r == ';'
	})
}

// parseWords reads the words of a line in any spelling lexicon.Parse accepts and returns them
// in plain upper case (the spelling answers are compared in), without repeats.
func parseWords(ts *lexicon.TileSet, line string) ([]string, error) {
	var out []string
	for _, f := range splitAnswer(line) {
		if f == "-" {
			continue // "none", the way the hooks form says it
		}
		tiles, err := ts.ParseWord(f)
		if err != nil {
			return nil, &InputError{fmt.Sprintf("cannot read %v; type the words again", err)}
		}
		w := ts.Word(tiles)
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out, nil
}

// parseHooks reads "FRONT / BACK": each side's tiles, run together or spaced ("a ch" or "ACH"
// both give A and CH; "[C]H" a C and an H), "-" or nothing for none. An empty line is no hooks.
func parseHooks(ts *lexicon.TileSet, line string) (front, back []string, err error) {
	if line == "" {
		return nil, nil, nil
	}
	sides := strings.Split(line, "/")
	if len(sides) != 2 {
		return nil, nil, &InputError{fmt.Sprintf("%q: type the front hooks, a slash, then the back hooks (\"a ch / s\"; \"- / s\" when no front hook)", line)}
	}
	read := func(s string) ([]string, error) {
		var out []string
		for _, f := range splitAnswer(s) {
			if f == "-" {
				continue
			}
			tiles, err := ts.ParseWord(f)
			if err != nil {
				return nil, &InputError{fmt.Sprintf("cannot read %v; type the hooks again", err)}
			}
			for _, t := range tiles {
				if l := ts.Label(t); !slices.Contains(out, l) {
					out = append(out, l)
				}
			}
		}
		return out, nil
	}
	if front, err = read(sides[0]); err != nil {
		return nil, nil, err
	}
	if back, err = read(sides[1]); err != nil {
		return nil, nil, err
	}
	return front, back, nil
}

// ShowTiles spells tiles for the player: as lexicon's Display (labels run together: ACHO),
// unless Display has to bracket tiles that would read back as others ([C]H, [L][LL]); then
// with a dot between every tile (A·C·H·O, ShowSeparated), so a rack never looks like it holds
// a digraph tile it does not.
func ShowTiles(ts *lexicon.TileSet, tiles []lexicon.Tile) string {
	if shown := ts.Display(letters(tiles)); !strings.Contains(shown, "[") {
		return shown
	}
	return ShowSeparated(ts, tiles)
}

// ShowSeparated spells every tile apart (CH·I·C·O against C·H·I·C·O): how the digraph drill
// shows the words it asks about, where which tiles make the word is the question.
func ShowSeparated(ts *lexicon.TileSet, tiles []lexicon.Tile) string {
	labels := make([]string, len(tiles))
	for i, t := range tiles {
		labels[i] = ts.Label(t)
	}
	return strings.Join(labels, "·")
}

// letters drops blank designations, keeping bare blanks.
func letters(tiles []lexicon.Tile) []lexicon.Tile {
	out := make([]lexicon.Tile, len(tiles))
	for i, t := range tiles {
		out[i] = t.Letter()
	}
	return out
}

// wordStrings spells words in plain upper case, in alphabet order (CH after C), without repeats.
func wordStrings(ts *lexicon.TileSet, words [][]lexicon.Tile) []string {
	ws := make([][]lexicon.Tile, len(words))
	for i, w := range words {
		ws[i] = letters(w)
	}
	slices.SortFunc(ws, slices.Compare)
	ws = slices.CompactFunc(ws, slices.Equal)
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = ts.Word(w)
	}
	return out
}
