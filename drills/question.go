// Package drills asks a player questions about a lexicon (anagrams, two-tile words, digraph
// tiles, hooks, word judging), one answer a line, and keeps every answer in the study store.
// Decks and spaced-repetition reviews live here too (deck.go, review.go); answers are saved in
// internal/studystore. Every text comes from the message catalogue (internal/i18n, areas drill,
// deck and review) and every drawing decision from internal/ui.
//
// It owns the word drills' questions and answers; it must not import engine, puzzles, stats or a
// front end (cmd, internal/web).
package drills

import (
	"slices"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
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
var Kinds = []Kind{KindAnagram, KindBuild, KindTwos, KindDigraphs, KindHooks, KindJudge, KindFamily}

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
	// Ask says what to answer ("every word of 7 tiles", "valid?"), in the reader's language.
	Ask Text

	Words []string // FormWords: every right word, sorted, plain upper case
	Valid bool     // FormYesNo: the right answer
	Front []string // FormHooks: front hook tiles, alphabet order
	Back  []string // FormHooks: back hook tiles, alphabet order
	// Note is shown after the answer: why (the anagrams of a judged rack, the digraph rule).
	Note Text
	// CardID is the study store's card when the question comes from a deck, 0 otherwise.
	CardID int64

	rack   []lexicon.Tile // FormWords from a rack: what the words must be made of
	isRack bool           // FormYesNo about a rack: is there a word with all its tiles
	minLen int            // FormWords: the shortest word asked for
	// blanked are Words as found on a rack with blanks, the tiles blanks stand for marked, for
	// ShownWords to spell (CASAs); nil otherwise. Spelt only when shown: most are never.
	blanked [][]lexicon.Tile
	ts      *lexicon.TileSet
	// tiles is what a missed yes/no or hooks question puts in a deck: the word or tiles asked
	// (for a rack question, nil: its words are in rackWords).
	tiles     []lexicon.Tile
	rackWords [][]lexicon.Tile // FormYesNo about a rack: its words
	// offWhy explains a typed word that is valid but not an answer ("not two tiles with Ñ").
	offWhy Text
}

// Expected spells the right answer on one line, the way the player would type it: the words
// ("-" for none), "yes"/"no", or "FRONT / BACK" hooks. It is saved with each answer, in the
// same spelling whatever the interface language.
func (q *Question) Expected() string {
	switch q.Form {
	case FormYesNo:
		return yesNo(q.Valid)
	case FormHooks:
		return hooksText(q.Front, q.Back)
	}
	if len(q.Words) == 0 {
		return "-"
	}
	return strings.Join(q.Words, " ")
}

// ShownWords are the answers as the player sees them (the blank's tile in lower case).
func (q *Question) ShownWords() []string {
	if q.blanked == nil {
		return q.Words
	}
	out := make([]string, len(q.blanked))
	for i, w := range q.blanked {
		out[i] = q.ts.DisplayBlanks(w)
	}
	return out
}

// hasBlanks reports a question whose answers show which tile a blank stands for.
func (q *Question) hasBlanks() bool { return q.blanked != nil }

// Result is how a typed answer was judged.
type Result struct {
	Right bool
	// Missed are the right answers not given: words (FormWords), hook tiles (FormHooks: front
	// ones first, see MissedFront and MissedBack), the right yes or no (FormYesNo).
	Missed []string
	// Wrong are the answers given that are not right: words (FormWords; why in WrongWhy),
	// hook tiles (FormHooks), the yes or no given (FormYesNo).
	Wrong []string
	// WrongWhy says, for each of Wrong (FormWords), why it is not an answer.
	WrongWhy []Text
	// FormHooks: the hook tiles missed and given wrongly, by side.
	MissedFront, MissedBack, WrongFront, WrongBack []string
	// TimedOut: no answer, or the answer came after the time limit.
	TimedOut bool
	Elapsed  time.Duration
}

// Found is how many of a FormWords question's words the answer gave.
func (r Result) Found(q *Question) int { return len(q.Words) - len(r.Missed) }

// InputError is a line the question cannot read; the player is asked again, nothing is judged.
type InputError struct{ Msg Text }

func (e *InputError) Error() string { return e.Msg.String() }

// Judge reads the typed line and judges it against the question under the lexicon. An answer of
// words may come over several lines: pass them joined by spaces.
func (q *Question) Judge(lex *lexicon.Lexicon, line string) (Result, error) {
	line = strings.TrimSpace(line)
	switch q.Form {
	case FormYesNo:
		yes, ok := parseYesNo(line)
		if !ok {
			return Result{}, &InputError{T("drill.input.yes_no", "Line", i18n.Quote(line))}
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
		r.MissedFront, r.WrongFront = compare(front, q.Front)
		r.MissedBack, r.WrongBack = compare(back, q.Back)
		r.Missed = append(slices.Clone(r.MissedFront), r.MissedBack...)
		r.Wrong = append(slices.Clone(r.WrongFront), r.WrongBack...)
		r.Right = len(r.Missed) == 0 && len(r.Wrong) == 0
		return r, nil
	default:
		given, err := parseWords(lex.Tiles, line)
		if err != nil {
			return Result{}, err
		}
		var r Result
		r.Missed, r.Wrong = compare(given, q.Words)
		for _, w := range r.Wrong {
			r.WrongWhy = append(r.WrongWhy, q.whyWrong(lex, w))
		}
		r.Right = len(r.Missed) == 0 && len(r.Wrong) == 0
		return r, nil
	}
}

// compare is what of want was not given, and what of given is not wanted, each in its order.
func compare(given, want []string) (missed, wrong []string) {
	for _, w := range want {
		if !slices.Contains(given, w) {
			missed = append(missed, w)
		}
	}
	for _, g := range given {
		if !slices.Contains(want, g) {
			wrong = append(wrong, g)
		}
	}
	return missed, wrong
}

// whyWrong says why a typed word is not one of the answers.
func (q *Question) whyWrong(lex *lexicon.Lexicon, word string) Text {
	tiles, err := lex.Tiles.ParseWord(word)
	if err != nil || !lex.Contains(tiles) {
		return T("drill.why.not_a_word")
	}
	if q.rack != nil && !fitsRack(tiles, q.rack) {
		return T("drill.why.not_these_tiles")
	}
	if len(tiles) < q.minLen {
		return T("drill.why.too_short", "Min", q.minLen)
	}
	if !q.offWhy.IsZero() {
		return q.offWhy
	}
	return T("drill.why.not_an_answer")
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

// parseYesNo reads yes or no in either language (i18n.Yes: s, sí, y, yes; n, no), and the
// verdicts a player may type instead (valid, válida, not valid...).
func parseYesNo(s string) (yes, ok bool) {
	s = strings.TrimRight(s, ".!")
	if yes, ok := i18n.Yes(s); ok {
		return yes, true
	}
	switch strings.ToLower(s) {
	case "v", "valid", "valida", "válida", "valido", "válido":
		return true, true
	case "not", "invalid", "invalida", "inválida", "not valid", "no valida", "no válida":
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
			return nil, &InputError{T("drill.input.words", "Err", err)}
		}
		w := ts.Word(tiles)
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out, nil
}

// parseHooks reads "FRONT / BACK": each side's tiles, run together or spaced ("a ch" or "ACH"
// both give A and CH; "[C]H" a C and an H), "-" or nothing for none. An empty line, or "-"
// alone (as the prompt's "- o nada si no hay" invites), is no hooks at all.
func parseHooks(ts *lexicon.TileSet, line string) (front, back []string, err error) {
	if t := strings.TrimSpace(line); t == "" || t == "-" {
		return nil, nil, nil
	}
	sides := strings.Split(line, "/")
	if len(sides) != 2 {
		return nil, nil, &InputError{T("drill.input.hooks_form", "Line", i18n.Quote(line))}
	}
	read := func(s string) ([]string, error) {
		var out []string
		for _, f := range splitAnswer(s) {
			if f == "-" {
				continue
			}
			tiles, err := ts.ParseWord(f)
			if err != nil {
				return nil, &InputError{T("drill.input.hooks", "Err", err)}
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

// ShowRack spells tiles whose count is the question (a rack, a two-tile word) for the player:
// as ShowTiles when every tile is one letter (AEIRST?), else with a dot between every tile
// (A·A·F·LL·S·U·?, A·RR), so that the player counts seven tiles, not eight letters. Words asked
// about as words read whole (CARRO).
func ShowRack(ts *lexicon.TileSet, rack []lexicon.Tile) string {
	for _, t := range letters(rack) {
		if t != lexicon.Blank && len([]rune(ts.Label(t))) > 1 {
			return ShowSeparated(ts, rack)
		}
	}
	return ShowTiles(ts, rack)
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

// wordStrings spells words in plain upper case, in alphabet order (CH after C), without repeats;
// with blanks it also returns the words themselves in that order, the tiles blanks stand for
// marked (for ShownWords), else nil.
func wordStrings(ts *lexicon.TileSet, words [][]lexicon.Tile, blanks bool) (plain []string, blanked [][]lexicon.Tile) {
	if !blanks {
		ws := make([][]lexicon.Tile, len(words))
		for i, w := range words {
			ws[i] = letters(w)
		}
		slices.SortFunc(ws, slices.Compare)
		ws = slices.CompactFunc(ws, slices.Equal)
		plain = make([]string, len(ws))
		for i, w := range ws {
			plain[i] = ts.Word(w)
		}
		return plain, nil
	}
	type word struct{ letters, tiles []lexicon.Tile }
	ws := make([]word, len(words))
	for i, w := range words {
		ws[i] = word{letters(w), w}
	}
	slices.SortStableFunc(ws, func(a, b word) int { return slices.Compare(a.letters, b.letters) })
	ws = slices.CompactFunc(ws, func(a, b word) bool { return slices.Equal(a.letters, b.letters) })
	plain = make([]string, len(ws))
	blanked = make([][]lexicon.Tile, len(ws))
	for i, w := range ws {
		plain[i] = ts.Word(w.letters)
		blanked[i] = w.tiles
	}
	return plain, blanked
}
