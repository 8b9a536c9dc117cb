package drills

import (
	"path/filepath"
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// What the deck commands show once a deck is added, moved, imported or exported, the same for
// every front end.

// JSON is an added deck as `atril deck add --json` writes it, lexName the lexicon's.
func (a DeckAdded) JSON(name, lexName string) map[string]any {
	return map[string]any{"deck": name, "created": a.Created, "kind": a.Deck.Kind,
		"scheduler": a.Deck.Scheduler, "lexicon": lexName, "words": a.Fill.Words, "non_words": a.Fill.Added,
		"lines_skipped": len(a.Fill.Skipped), "cards_added": a.Added, "cards": a.Total}
}

// shownItems are at most 20 of items, then (when more) the count left as "and N more".
func shownItems(p *i18n.Printer, items []string) []string {
	n := len(items)
	if n <= 20 {
		return items
	}
	return append(items[:20:20], p.T("deck.and_more", "More", p.Int(n-20)))
}

// Doc says where the deck moved, how many cards it kept and which it dropped.
func (m Moved) Doc(p *i18n.Printer) *ui.Doc {
	d := ui.NewDoc().P(p.T("deck.moved", "Deck", m.Deck, "From", m.From, "To", m.To,
		"Kept", p.N("deck.count.cards", m.Kept)))
	if n := len(m.Dropped); n > 0 {
		d.P(p.N("deck.moved_dropped", n, "Lexicon", m.To, "Cards", strings.Join(shownItems(p, m.DroppedShown()), ", ")))
	}
	return d
}

// Doc says what was imported, the questions the lexicon does not hold, the cards outside the
// cardbox and the duplicates.
func (res ZyzzyvaImport) Doc(p *i18n.Printer) *ui.Doc {
	d := ui.NewDoc().P(p.T("zyzzyva.imported", "Deck", res.Deck, "Lexicon", res.Lexicon, "File", res.File,
		"Cards", p.N("deck.count.cards", res.Imported)))
	if n := len(res.NotHeld); n > 0 {
		d.P(p.T("zyzzyva.not_held", "Count", p.Int(n), "Lexicon", res.Lexicon, "Questions", strings.Join(shownItems(p, res.NotHeld), " ")))
	}
	if res.OutsideCardbox > 0 {
		d.P(p.T("zyzzyva.outside", "Count", p.Int(res.OutsideCardbox)))
	}
	if n := len(res.Duplicates); n > 0 {
		d.P(p.T("zyzzyva.duplicates", "Count", p.Int(n), "Questions", strings.Join(res.Duplicates[:min(n, 20)], " ")))
	}
	return d
}

// ZyzzyvaDeckName is the deck a Zyzzyva file is imported into when none is named:
// "zyzzyva-" and the file's name without its extension.
func ZyzzyvaDeckName(file string) string {
	return "zyzzyva-" + strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
}

// Doc says what was exported.
func (res ZyzzyvaExport) Doc(p *i18n.Printer) *ui.Doc {
	return ui.NewDoc().P(p.T("zyzzyva.exported", "Deck", res.Deck, "File", res.File, "Count", p.Int(res.Questions)))
}
