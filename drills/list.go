package drills

import (
	"strconv"
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// Listing is a drill's questions with their answers, for `--list`: a study sheet, or JSON for
// scripts (the shape is documented in `atril drill --help`; its texts are in English whatever
// the interface language, as scripts expect).
type Listing struct {
	Drill     Kind         `json:"drill"`
	Lexicon   string       `json:"lexicon"`
	Seed      uint64       `json:"seed"`
	Questions []ListedItem `json:"questions"`
}

// ListedItem is one question and its answer. Which answer fields are present follows Form:
// "words" has answers (possibly empty), "yesno" has valid, "hooks" has front and back.
type ListedItem struct {
	N        int       `json:"n"`
	Card     string    `json:"card"`
	Question string    `json:"question"`
	Ask      string    `json:"ask"`
	Form     Form      `json:"form"`
	Answers  *[]string `json:"answers,omitempty"`
	Valid    *bool     `json:"valid,omitempty"`
	Front    *[]string `json:"front,omitempty"`
	Back     *[]string `json:"back,omitempty"`
	Note     string    `json:"note,omitempty"`

	ask, note Text     // Ask and Note, to write in the reader's language
	shown     []string // the answers as shown (the blank's tile in lower case)
	blanks    bool     // from a rack with blanks
}

// List describes questions for --list.
func List(kind Kind, lexiconName string, seed uint64, qs []Question) Listing {
	l := Listing{Drill: kind, Lexicon: lexiconName, Seed: seed, Questions: make([]ListedItem, len(qs))}
	for i, q := range qs {
		it := ListedItem{N: i + 1, Card: q.Card, Question: q.Show, Ask: q.Ask.String(), Form: q.Form,
			Note: q.Note.String(), ask: q.Ask, note: q.Note}
		switch q.Form {
		case FormWords:
			ws := nonNil(q.Words)
			it.Answers = &ws
			it.shown = q.ShownWords()
			it.blanks = q.hasBlanks()
		case FormYesNo:
			v := q.Valid
			it.Valid = &v
		case FormHooks:
			f, b := nonNil(q.Front), nonNil(q.Back)
			it.Front, it.Back = &f, &b
		}
		l.Questions[i] = it
	}
	return l
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// Doc is the listing as a study sheet in p's language: a heading and one table row per
// question. What every question asks alike goes under the heading instead of down a column;
// answers fold between words on a narrow terminal, notes are cut.
func (l Listing) Doc(p *i18n.Printer) *ui.Doc {
	p = printer(p)
	d := ui.NewDoc().H1(p.T("drill.list.title", "Drill", KindName(p, l.Drill), "Lexicon", l.Lexicon, "Seed", strconv.FormatUint(l.Seed, 10)))
	if len(l.Questions) == 0 {
		return d.P(p.T("drill.list.none"))
	}
	sameAsk, notes, blanks := true, false, false
	for _, it := range l.Questions {
		sameAsk = sameAsk && it.ask.In(p) == l.Questions[0].ask.In(p)
		notes = notes || !it.note.IsZero()
		blanks = blanks || it.blanks
	}
	if sameAsk {
		d.P(capitalize(l.Questions[0].ask.In(p)))
	}
	cols := []ui.Col{{Header: "#", Right: true}, {Header: p.T("drill.list.question")}}
	if !sameAsk {
		cols = append(cols, ui.Col{Header: p.T("drill.list.asked"), Shrink: true})
	}
	cols = append(cols, ui.Col{Header: p.T("drill.list.answer"), Wrap: true})
	if notes {
		cols = append(cols, ui.Col{Header: p.T("drill.list.note"), Shrink: true})
	}
	t := ui.NewTable(cols...)
	for _, it := range l.Questions {
		var ans string
		switch it.Form {
		case FormWords:
			ans = listOrNone(p, it.shown)
		case FormYesNo:
			ans = validText(p, *it.Valid)
		case FormHooks:
			ans = hooksText(*it.Front, *it.Back)
		}
		row := []string{strconv.Itoa(it.N), it.Question}
		if !sameAsk {
			row = append(row, it.ask.In(p))
		}
		row = append(row, ans)
		if notes {
			row = append(row, it.note.In(p))
		}
		t.Row(row...)
	}
	d.Table(t)
	if blanks {
		d.Note(p.T("drill.blank_legend"))
	}
	return d
}

// capitalize upper-cases the first letter of a sentence.
func capitalize(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}

// validText is "valid" or "not valid" in p's language.
func validText(p *i18n.Printer, v bool) string {
	if v {
		return p.T("drill.valid")
	}
	return p.T("drill.not_valid")
}
