package lexicon

import (
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// HookJSON is a hook and the word it makes.
type HookJSON struct {
	Hook string `json:"hook"`
	Word string `json:"word"`
}

// HooksJSON is a word with its hooks: what hooks --json prints, and the start of info --json.
type HooksJSON struct {
	Word  string     `json:"word"`
	Valid bool       `json:"valid"`
	Front []HookJSON `json:"front"`
	Back  []HookJSON `json:"back"`
}

// WordHooks looks the word and its hooks up, spelling each hooked word.
func WordHooks(lex *Lexicon, word []Tile) HooksJSON {
	ts := lex.Tiles
	h := lex.Hooks(word)
	out := HooksJSON{Word: ts.Display(word), Valid: lex.Contains(word), Front: []HookJSON{}, Back: []HookJSON{}}
	hooked := make([]Tile, 0, len(word)+1)
	for _, t := range h.Front {
		hooked = append(append(hooked[:0], t), word...)
		out.Front = append(out.Front, HookJSON{ts.Label(t), ts.Display(hooked)})
	}
	for _, t := range h.Back {
		hooked = append(append(hooked[:0], word...), t)
		out.Back = append(out.Back, HookJSON{ts.Label(t), ts.Display(hooked)})
	}
	return out
}

// LinesDoc is the hooks piped, a line a hook: "front C CALA", "back S ALAS".
func (h HooksJSON) LinesDoc(p *i18n.Printer) *ui.Doc {
	t := ui.NewTable(ui.Col{}, ui.Col{}, ui.Col{})
	for _, x := range h.Front {
		t.Row(p.T("hooks.front"), x.Hook, x.Word)
	}
	for _, x := range h.Back {
		t.Row(p.T("hooks.back"), x.Hook, x.Word)
	}
	return ui.NewDoc().Table(t)
}

// Doc shows the word between its front and back hooks, then each hooked word.
func (h HooksJSON) Doc(p *i18n.Printer, term *ui.Term) *ui.Doc {
	doc := ui.NewDoc().H1(p.T("hooks.title", "Word", h.Word))
	if !h.Valid {
		doc.Note(p.T("hooks.not_a_word", "Word", h.Word))
	}
	labels := func(hs []HookJSON) string {
		var ls []string
		for _, x := range hs {
			ls = append(ls, x.Hook)
		}
		if len(ls) == 0 {
			return "-"
		}
		return strings.Join(ls, " ")
	}
	doc.Pre(labels(h.Front) + "  " + term.Paint(ui.Accent, h.Word) + "  " + labels(h.Back))
	section := func(title string, hs []HookJSON) {
		doc.H2(title)
		if len(hs) == 0 {
			doc.P(p.T("hooks.none"))
			return
		}
		t := ui.NewTable(ui.Col{}, ui.Col{})
		for _, x := range hs {
			t.Cells(ui.Cell{Text: x.Hook, Style: ui.Accent}, ui.Cell{Text: x.Word})
		}
		doc.Table(t)
	}
	section(p.T("hooks.front_title"), h.Front)
	section(p.T("hooks.back_title"), h.Back)
	return doc
}
