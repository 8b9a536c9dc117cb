package lexicon

import (
	"errors"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// Verdict is a word's verdict as `atril judge --json` writes it.
type Verdict struct {
	Word  string `json:"word"`
	Valid bool   `json:"valid"`
	// Problem, for a word that could not be read as tiles: "not_in_tile_set" (a letter such as K
	// that Spanish Scrabble has no tile for: the word is not valid) or "not_letters" (a symbol,
	// a digit: bad input).
	Problem string `json:"problem,omitempty"`
	reason  error
}

// Judgement is words' verdicts as `atril judge --json` writes them: valid when every one is.
type Judgement struct {
	Valid bool      `json:"valid"`
	Words []Verdict `json:"words,omitempty"`
}

// Judge gives every word asked about its verdict under lex, read in ts: a word with a letter
// the set lacks (KIWI) is not valid, and one that is not letters at all (CAN~A) is bad input;
// neither hides the others.
func Judge(lex *Lexicon, ts *TileSet, asked []string) Judgement {
	words := make([]Verdict, len(asked))
	all := true
	for i, s := range asked {
		w, err := ts.ParseWord(s)
		var se *SpellError
		switch {
		case err == nil && len(w) > 0:
			words[i] = Verdict{Word: ts.Display(w), Valid: lex.Contains(w)}
		case errors.As(err, &se) && !se.NotLetters:
			words[i] = Verdict{Word: s, Problem: "not_in_tile_set", reason: se.Reason}
		default:
			if err == nil {
				err = i18n.E("judge.no_tiles")
			} else if errors.As(err, &se) {
				err = se.Reason
			}
			words[i] = Verdict{Word: s, Problem: "not_letters", reason: err}
		}
		all = all && words[i].Valid
	}
	return Judgement{Valid: all, Words: words}
}

// BadInput reports a word that is not letters at all.
func (j Judgement) BadInput() bool {
	for _, w := range j.Words {
		if w.Problem == "not_letters" {
			return true
		}
	}
	return false
}

// Doc is the verdicts for a reader, a word a line with why one is not valid.
func (j Judgement) Doc(p *i18n.Printer) *ui.Doc {
	words := j.Words
	t := ui.NewTable(ui.Col{}, ui.Col{}, ui.Col{Shrink: true})
	for _, w := range words {
		switch {
		case w.Valid:
			t.Cells(ui.Cell{Text: w.Word}, ui.Cell{Text: p.T("judge.valid"), Style: ui.Good})
		case w.Problem == "not_letters":
			t.Cells(ui.Cell{Text: w.Word}, ui.Cell{Text: p.T("judge.bad_input"), Style: ui.Warn}, ui.Cell{Text: p.Err(w.reason)})
		case w.reason != nil:
			t.Cells(ui.Cell{Text: w.Word}, ui.Cell{Text: p.T("judge.not_valid"), Style: ui.Bad}, ui.Cell{Text: p.Err(w.reason)})
		default:
			t.Cells(ui.Cell{Text: w.Word}, ui.Cell{Text: p.T("judge.not_valid"), Style: ui.Bad})
		}
	}
	return ui.NewDoc().Table(t)
}
