package stats

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/ui"
)

// Puzzle results join the report: the solved rate (first tries only, when the attempts say which
// are rated), the rating history, the solved rate by tag; today suggests puzzles never tried,
// nearest the player's rating. The puzzles' own tables come with their migration; where this
// database lacks them the test makes them as that migration does.
func TestPuzzleStats(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 5, 31, 20, 0, 0, 0, time.UTC)
	st := openTestStore(t, now)
	ctx := context.Background()
	if r, err := Collect(ctx, st, Options{Now: now, Loc: time.UTC}); err != nil || r.Puzzles != nil {
		t.Fatalf("no attempts: %+v %v", r.Puzzles, err)
	}
	db := st.DB()
	for _, q := range []string{
		`CREATE TABLE IF NOT EXISTS puzzles (id INTEGER PRIMARY KEY, rating REAL NOT NULL)`,
		`CREATE TABLE IF NOT EXISTS puzzle_tags (puzzle_id INTEGER NOT NULL, tag TEXT NOT NULL, PRIMARY KEY (tag, puzzle_id))`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	var rated int
	db.QueryRow(`SELECT count(*) FROM pragma_table_info('puzzle_attempts') WHERE name = 'rated'`).Scan(&rated)
	if rated == 0 {
		if _, err := db.Exec(`ALTER TABLE puzzle_attempts ADD COLUMN rated INTEGER NOT NULL DEFAULT 0`); err != nil {
			t.Fatal(err)
		}
	}
	// Whatever else the puzzles table requires gets a plain value.
	type column struct {
		name, typ string
		notNull   bool
		def       *string
	}
	var cols []column
	rows, err := db.Query(`SELECT name, type, "notnull", dflt_value FROM pragma_table_info('puzzles') WHERE pk = 0 AND name <> 'rating'`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var c column
		rows.Scan(&c.name, &c.typ, &c.notNull, &c.def)
		if c.notNull && c.def == nil {
			cols = append(cols, c)
		}
	}
	rows.Close()
	for i, r := range []float64{1400, 1480, 1520, 1700, 1510} {
		names, marks, args := "id, rating", "?, ?", []any{i + 1, r}
		for _, c := range cols {
			var v any = 0
			switch {
			case c.name == "kind":
				v = "bingo"
			case c.name == "source":
				v = "cgp"
			case strings.Contains(strings.ToUpper(c.typ), "TEXT"):
				v = fmt.Sprint("p", i+1)
			}
			names, marks, args = names+", "+c.name, marks+", ?", append(args, v)
		}
		if _, err := db.Exec(`INSERT INTO puzzles (`+names+`) VALUES (`+marks+`)`, args...); err != nil {
			t.Fatal(err)
		}
	}
	for _, tg := range [][2]any{{1, "BLANK_BINGO"}, {1, "DIGRAPH"}, {2, "BLANK_BINGO"}, {3, "POWER_TILE"}} {
		db.Exec(`INSERT INTO puzzle_tags (puzzle_id, tag) VALUES (?, ?)`, tg[0], tg[1])
	}
	// Puzzle 1 solved first try, 2 missed then solved (the second try is not rated), 3 missed.
	for _, a := range []struct {
		puzzle          string
		correct, rated  int
		ratingAfter     float64
		daysAgo, timeMS int
	}{
		{"1", 1, 1, 1516, 5, 30000}, {"2", 0, 1, 1490, 4, 60000}, {"2", 1, 0, 1490, 4, 20000}, {"3", 0, 1, 1470, 2, 90000},
	} {
		if _, err := db.Exec(`INSERT INTO puzzle_attempts (puzzle_id, lexicon, answer, correct, time_ms, rating_after, rated, attempted_at)
			VALUES (?, 'x', 'y', ?, ?, ?, ?, ?)`, a.puzzle, a.correct, a.timeMS, a.ratingAfter, a.rated,
			now.AddDate(0, 0, -a.daysAgo).UnixMilli()); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Exec(`INSERT OR REPLACE INTO player_ratings (kind, rating, deviation, volatility, games, updated_at)
		VALUES ('puzzles', 1470, 200, 0.06, 3, ?)`, now.UnixMilli()); err != nil {
		t.Fatal(err)
	}
	r, err := Collect(ctx, st, Options{Now: now, Loc: time.UTC})
	if err != nil {
		t.Fatal(err)
	}
	p := r.Puzzles
	if p == nil || p.Attempts != 3 || p.Solved != 1 || len(p.History) != 3 || p.History[2].Rating != 1470 || p.Rating == nil || p.Rating.Rating != 1470 {
		t.Fatalf("puzzles %+v", p)
	}
	tags := map[string][2]int{}
	for _, g := range p.ByTag {
		tags[g.Group] = [2]int{g.Correct, g.Answers}
	}
	if tags["BLANK_BINGO"] != [2]int{1, 2} || tags["POWER_TILE"] != [2]int{0, 1} || tags["DIGRAPH"] != [2]int{1, 1} {
		t.Errorf("by tag %v", tags)
	}
	td, err := PlanToday(ctx, st, now, time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	// Never tried: 4 (1700) and 5 (1510); nearest 1470 first.
	if len(td.Puzzles) != 2 || td.Puzzles[0].ID != "5" || td.Puzzles[1].ID != "4" || td.Rating == nil {
		t.Errorf("suggestions %+v", td.Puzzles)
	}
	// On screen the tags are in the reader's words; JSON keeps the identifiers (above).
	for lang, want := range map[string][]string{"es": {"scrabble con comodín", "scrabble con dígrafo", "ficha de poder"},
		"en": {"blank bingo", "digraph bingo", "power tile"}} {
		var buf strings.Builder
		if err := ui.NewTerm(&buf, false, 0, func(string) string { return "" }).Print(r.Doc(printer(lang))); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: no tag %q in:\n%s", lang, w, out)
			}
		}
		if strings.Contains(out, "BLANK_BINGO") || strings.Contains(out, "POWER_TILE") {
			t.Errorf("%s: tag identifiers on screen:\n%s", lang, out)
		}
	}
}
