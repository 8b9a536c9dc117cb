package studystore

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestDueQueriesUseIndexes checks with EXPLAIN QUERY PLAN that the review queries search an
// index instead of scanning deck_cards or answers, and need no sort step.
func TestDueQueriesUseIndexes(t *testing.T) {
	t.Parallel()
	s, err := Open(filepath.Join(t.TempDir(), "x.db"), Options{Now: time.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	s.db.Exec(`ANALYZE`)
	for _, c := range []struct {
		name, query string
		args        []any
		want        string // an index the plan must search
	}{
		{"due, all decks", dueSQL(false), []any{1, 1, 0, 10, "x"}, "USING INDEX deck_cards_due (due<?)"},
		{"due, one deck", dueSQL(true), []any{1, 1, 1, 10, ""}, "USING INDEX deck_cards_deck_due (deck_id=? AND due<?)"},
		{"due count", dueCountSQL(false), []any{1, 1, 0, 0, "x"}, "USING COVERING INDEX deck_cards_due (due<?)"},
		{"new cards", newCardsSQL, []any{1, 10}, "USING INDEX deck_cards_new (deck_id=?)"},
		{"newest card", newestCardSQL, []any{1}, "USING COVERING INDEX deck_cards_new (deck_id=?)"},
		{"started today", startedTodaySQL, []any{1, 1}, "USING COVERING INDEX deck_cards_first (deck_id=? AND first_review>?)"},
		{"stats", `SELECT drill, count(*), sum(correct), sum(time_ms) FROM answers WHERE answered_at >= ? GROUP BY drill`, []any{1}, "USING COVERING INDEX answers_stats (answered_at>?)"},
	} {
		rows, err := s.db.Query("EXPLAIN QUERY PLAN "+c.query, c.args...)
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			rows.Scan(&id, &parent, &unused, &detail)
			plan = append(plan, detail)
		}
		rows.Close()
		all := strings.Join(plan, "\n")
		if !strings.Contains(all, c.want) {
			t.Errorf("%s: plan does not search %q:\n%s", c.name, c.want, all)
		}
		for _, p := range plan {
			if strings.HasPrefix(p, "SCAN dc") || strings.HasPrefix(p, "SCAN deck_cards") || strings.HasPrefix(p, "SCAN answers") {
				t.Errorf("%s: plan scans a whole table: %q\n%s", c.name, p, all)
			}
		}
		if c.name == "due, all decks" && strings.Contains(all, "TEMP B-TREE") {
			t.Errorf("%s: plan sorts instead of reading the index in order:\n%s", c.name, all)
		}
	}
}
