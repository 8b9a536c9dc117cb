// Package stats sums a player's answers from the study store: how many, how accurate and how
// fast, per drill and per deck, over recent windows of days.
package stats

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
)

// Windows are the periods reported, in days back from now.
var Windows = []int{7, 30}

// Row is one group's answers over a window.
type Row struct {
	Group    string  `json:"group"` // drill kind, deck name, or "all"
	Answers  int     `json:"answers"`
	Correct  int     `json:"correct"`
	Accuracy float64 `json:"accuracy"` // Correct/Answers, 0..1; 0 with no answers
	// AccuracyLow..AccuracyHigh is the Wilson score 95% interval of the accuracy: with few
	// answers it is wide, which is the point of showing it.
	AccuracyLow  float64 `json:"accuracy_low"`
	AccuracyHigh float64 `json:"accuracy_high"`
	Seconds      float64 `json:"seconds"`      // total answering time
	MeanSeconds  float64 `json:"mean_seconds"` // per answer
}

// Window is every group over one period.
type Window struct {
	Days    int       `json:"days"`
	Since   time.Time `json:"since"`
	Total   Row       `json:"total"`
	ByDrill []Row     `json:"by_drill"`
	ByDeck  []Row     `json:"by_deck"` // answers given while reviewing or drilling a deck
}

// Report is what `atril stats` shows.
type Report struct {
	Now     time.Time `json:"now"`
	Windows []Window  `json:"windows"`
}

// Collect sums the store's answers over each of Windows, ending at now.
func Collect(ctx context.Context, st *studystore.Store, now time.Time) (Report, error) {
	r := Report{Now: now}
	for _, days := range Windows {
		since := now.Add(-time.Duration(days) * 24 * time.Hour)
		byDrill, err := st.StatsByDrill(ctx, since)
		if err != nil {
			return Report{}, err
		}
		byDeck, err := st.StatsByDeck(ctx, since)
		if err != nil {
			return Report{}, err
		}
		w := Window{Days: days, Since: since, ByDrill: rows(byDrill), ByDeck: rows(byDeck)}
		var all studystore.Stat
		for _, s := range byDrill {
			all.Answers += s.Answers
			all.Correct += s.Correct
			all.Time += s.Time
		}
		all.Group = "all"
		w.Total = row(all)
		r.Windows = append(r.Windows, w)
	}
	return r, nil
}

func rows(ss []studystore.Stat) []Row {
	out := make([]Row, 0, len(ss))
	for _, s := range ss {
		out = append(out, row(s))
	}
	return out
}

func row(s studystore.Stat) Row {
	r := Row{Group: s.Group, Answers: s.Answers, Correct: s.Correct, Seconds: s.Time.Seconds()}
	if s.Answers > 0 {
		r.Accuracy = float64(s.Correct) / float64(s.Answers)
		r.MeanSeconds = r.Seconds / float64(s.Answers)
	}
	r.AccuracyLow, r.AccuracyHigh = Wilson(float64(s.Correct), float64(s.Answers))
	return r
}

// Markdown is the report as tables: one for drills, one for decks, a column group per window.
func (r Report) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Study stats\n\nAnswers up to %s. Accuracy with its 95%% interval (Wilson); time is per answer.\n\n", r.Now.Format("2006-01-02 15:04"))
	b.WriteString("## By drill\n\n")
	b.WriteString(r.table("Drill", func(w Window) []Row { return append(slices.Clone(w.ByDrill), w.Total) }))
	b.WriteString("\n## By deck\n\n")
	if r.noDecks() {
		b.WriteString("No deck answers yet (`atril review` answers count here).\n")
	} else {
		b.WriteString(r.table("Deck", func(w Window) []Row { return w.ByDeck }))
	}
	return b.String()
}

func (r Report) noDecks() bool {
	for _, w := range r.Windows {
		if len(w.ByDeck) > 0 {
			return false
		}
	}
	return true
}

// table lays out the groups found in any window, one row each, window by window.
func (r Report) table(first string, pick func(Window) []Row) string {
	var groups []string
	for _, w := range r.Windows {
		for _, row := range pick(w) {
			if !slices.Contains(groups, row.Group) {
				groups = append(groups, row.Group)
			}
		}
	}
	// "all" last, the rest in the store's order (by name).
	if i := slices.Index(groups, "all"); i >= 0 {
		groups = append(slices.Delete(groups, i, i+1), "all")
	}
	var b strings.Builder
	b.WriteString("| " + first)
	for _, w := range r.Windows {
		fmt.Fprintf(&b, " | %d days | accuracy | time", w.Days)
	}
	b.WriteString(" |\n|---")
	for range r.Windows {
		b.WriteString("|---:|---|---:")
	}
	b.WriteString("|\n")
	for _, g := range groups {
		name := g
		if name == "" {
			name = "(none)"
		}
		if g == "all" {
			name = "**all**"
		}
		b.WriteString("| " + name)
		for _, w := range r.Windows {
			var found *Row
			for _, row := range pick(w) {
				if row.Group == g {
					found = &row
					break
				}
			}
			if found == nil || found.Answers == 0 {
				b.WriteString(" | 0 | – | –")
				continue
			}
			fmt.Fprintf(&b, " | %d | %.0f%% (%.0f–%.0f%%) | %.1f s", found.Answers, 100*found.Accuracy,
				100*found.AccuracyLow, 100*found.AccuracyHigh, found.MeanSeconds)
		}
		b.WriteString(" |\n")
	}
	return b.String()
}
