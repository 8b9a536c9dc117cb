package drills

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
)

// zyzzyvaRow is a row of a test Zyzzyva database (nil box: outside the cardbox).
type zyzzyvaRow struct {
	q                          string
	correct, incorrect, streak int
	last                       int64
	box                        *int
	next                       int64
}

// writeZyzzyvaDB makes a quiz database as Zyzzyva does: its own CREATE statements.
func writeZyzzyvaDB(t testing.TB, path string, rows []zyzzyvaRow) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(zyzzyvaSchema); err != nil {
		t.Fatal(err)
	}
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		var box, next any
		if r.box != nil {
			box, next = *r.box, r.next
		}
		if _, err := tx.Exec(`INSERT INTO questions VALUES (?, ?, ?, ?, ?, 50, ?, ?)`, r.q, r.correct, r.incorrect, r.streak, r.last, box, next); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

func box(n int) *int { return &n }

// zyzzyvaRows are n rows of alphagrams of lex's seven-tile words, spelt as Zyzzyva spells
// Spanish (1 2 3 for the digraphs), with boxes 0-14 and due times to the second.
func zyzzyvaRows(t testing.TB, lex *lexicon.Lexicon, n int) []zyzzyvaRow {
	ts := lex.Tiles
	seen := map[string]bool{}
	var rows []zyzzyvaRow
	base := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC).Unix()
	var words [][]lexicon.Tile
	for l := 7; l <= 9; l++ {
		words = append(words, lex.TopByProbability(l, 1<<30)...)
	}
	for _, w := range words {
		q := zyzzyvaSpelling(ts, lexicon.Alphagram(w))
		if seen[q] {
			continue
		}
		seen[q] = true
		i := len(rows)
		rows = append(rows, zyzzyvaRow{q: q, correct: i % 7, incorrect: i % 3, streak: i%5 - 2, last: base - int64(i)*3600,
			box: box(i % 15), next: base + int64(i)*86400 + int64(i%60)})
		if len(rows) == n {
			break
		}
	}
	if len(rows) < n {
		t.Fatalf("only %d alphagrams", len(rows))
	}
	return rows
}

func testStore(t testing.TB, now time.Time) *studystore.Store {
	t.Helper()
	st, err := studystore.Open(filepath.Join(t.TempDir(), "atril.db"), studystore.Options{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

type cardSchedule struct {
	box int
	due time.Time
}

func schedules(t *testing.T, st *studystore.Store, deck string) map[string]cardSchedule {
	t.Helper()
	d, err := st.DeckByName(context.Background(), deck)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := st.DeckExport(context.Background(), d.ID)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]cardSchedule{}
	for _, c := range cs {
		b := c.State.Box
		if c.Source.Box != nil {
			b = *c.Source.Box
		}
		out[c.Question] = cardSchedule{b, c.State.Due}
	}
	return out
}

// Import keeps boxes, due dates, streaks and counts; questions that make no word are named;
// export then import again gives the same boxes and dates.
func TestZyzzyvaRoundTrip(t *testing.T) {
	t.Parallel()
	lex := defaultLexicon(t)
	ctx := context.Background()
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	dir := t.TempDir()
	rows := zyzzyvaRows(t, lex, 300)
	rows = append(rows, zyzzyvaRow{q: "QQQXZZ", box: box(3), next: 1}, zyzzyvaRow{q: "AEIOSTU"}) // no word; outside
	in := filepath.Join(dir, "Anagrams.db")
	writeZyzzyvaDB(t, in, rows)
	st := testStore(t, now)
	res, err := ImportZyzzyva(ctx, st, lex, "z", in, now)
	if err != nil {
		t.Fatal(err)
	}
	if res.Imported != 300 || len(res.NotHeld) != 1 || res.NotHeld[0] != "QQQXZZ" || res.OutsideCardbox != 1 {
		t.Fatalf("import: %+v", res)
	}
	first := schedules(t, st, "z")
	// A card keeps what Zyzzyva had: row 20 is box 5, due base+20 days+20 s, streak -2.
	r := rows[20]
	tiles, _ := parseAlphagram(lex.Tiles, r.q)
	key := lex.Tiles.Notation(lexicon.Alphagram(tiles))
	if got := first[key]; got.box != *r.box || got.due.Unix() != r.next {
		t.Errorf("%s: box %d due %v, want box %d due %v", r.q, got.box, got.due, *r.box, time.Unix(r.next, 0))
	}
	out := filepath.Join(dir, "export.db")
	if _, err := ExportZyzzyva(ctx, st, lex, "z", out, now); err != nil {
		t.Fatal(err)
	}
	back, err := ReadZyzzyva(ctx, out)
	if err != nil {
		t.Fatal(err)
	}
	byQ := map[string]ZyzzyvaQuestion{}
	for _, q := range back {
		byQ[q.Question] = q
	}
	for _, r := range rows[:300] {
		q, ok := byQ[r.q]
		if !ok || q.Correct != r.correct || q.Incorrect != r.incorrect || q.Streak != r.streak || q.LastCorrect != r.last ||
			q.Cardbox == nil || *q.Cardbox != *r.box || q.NextScheduled == nil || *q.NextScheduled != r.next {
			t.Fatalf("exported %s: %+v, want %+v", r.q, q, r)
		}
	}
	if _, err := ImportZyzzyva(ctx, st, lex, "z2", out, now); err != nil {
		t.Fatal(err)
	}
	second := schedules(t, st, "z2")
	if len(second) != len(first) {
		t.Fatalf("round trip: %d cards, first import %d", len(second), len(first))
	}
	for k, s := range first {
		if second[k].box != s.box || !second[k].due.Equal(s.due) {
			t.Errorf("%s: round trip box %d due %v, first import box %d due %v", k, second[k].box, second[k].due, s.box, s.due)
		}
	}
	// The export never overwrites a file.
	if _, err := ExportZyzzyva(ctx, st, lex, "z", out, now); !isErr(err, "zyzzyva.err.exists") {
		t.Errorf("export over a file: %v", err)
	}
}

// Answers given in atril after the import add to the counts and streak Zyzzyva gets back, and
// the box and date become atril's.
func TestZyzzyvaExportAddsAnswers(t *testing.T) {
	t.Parallel()
	lex := defaultLexicon(t)
	ctx := context.Background()
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	dir := t.TempDir()
	rows := zyzzyvaRows(t, lex, 1)
	rows[0].correct, rows[0].incorrect, rows[0].streak = 4, 2, -1
	in := filepath.Join(dir, "in.db")
	writeZyzzyvaDB(t, in, rows)
	st := testStore(t, now)
	if _, err := ImportZyzzyva(ctx, st, lex, "z", in, now); err != nil {
		t.Fatal(err)
	}
	d, _ := st.DeckByName(ctx, "z")
	cards, err := st.DeckCards(ctx, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	when := now.Add(time.Hour)
	after := cards[0].State
	after.Box = 3
	for _, ok := range []bool{true, true} {
		if _, err := st.RecordReview(ctx, studystore.Answer{DeckID: d.ID, CardID: cards[0].CardID, Drill: "review", Lexicon: lex.Name,
			Question: cards[0].Question, Answer: "x", Correct: ok, At: when, After: &after}); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "out.db")
	if _, err := ExportZyzzyva(ctx, st, lex, "z", out, now); err != nil {
		t.Fatal(err)
	}
	back, err := ReadZyzzyva(ctx, out)
	if err != nil {
		t.Fatal(err)
	}
	q := back[0]
	if q.Correct != 6 || q.Incorrect != 2 || q.Streak != 2 || q.LastCorrect != when.Unix() || q.Cardbox == nil || *q.Cardbox != 3 {
		t.Errorf("after two right answers: %+v (want 6 right, 2 wrong, streak 2, last %d, box 3)", q, when.Unix())
	}
}

func isErr(err error, id string) bool {
	var e *i18n.Error
	for errors.As(err, &e) {
		if e.ID == id {
			return true
		}
		err = errors.Unwrap(e)
		if err == nil {
			return false
		}
	}
	return false
}

// Bad files are refused with an error naming them, and nothing is written.
func TestZyzzyvaBadFiles(t *testing.T) {
	t.Parallel()
	lex := defaultLexicon(t)
	ctx := context.Background()
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	dir := t.TempDir()
	text := filepath.Join(dir, "words.txt")
	os.WriteFile(text, []byte("CASA\nCHICO\n"), 0o644)
	other := filepath.Join(dir, "other.db")
	db, _ := sql.Open("sqlite", "file:"+other)
	db.Exec(`CREATE TABLE questions (question text, correct integer)`)
	db.Close()
	english := filepath.Join(dir, "CSW21", "Anagrams.db")
	os.MkdirAll(filepath.Dir(english), 0o755)
	var rows []zyzzyvaRow
	for _, q := range []string{"AKNOWW", "EIKLNST", "DEIKNRW", "AEKRSTW", "BKOOW", "ACEHRST"} {
		rows = append(rows, zyzzyvaRow{q: q, box: box(2), next: 1})
	}
	writeZyzzyvaDB(t, english, rows)
	atrilDB := filepath.Join(dir, "atril-other.db")
	st2, err := studystore.Open(atrilDB, studystore.Options{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	st2.Close()
	for _, c := range []struct {
		file, id string
	}{
		{filepath.Join(dir, "missing.db"), "zyzzyva.err.open"},
		{text, "zyzzyva.err.not_sqlite"},
		{other, "zyzzyva.err.schema"},
		{atrilDB, "zyzzyva.err.schema"},
		{english, "zyzzyva.err.other_lexicon"},
	} {
		st := testStore(t, now)
		_, err := ImportZyzzyva(ctx, st, lex, "z", c.file, now)
		if !isErr(err, c.id) {
			t.Errorf("%s: %v, want %s", c.file, err, c.id)
		} else if !strings.Contains(err.Error(), c.file) {
			t.Errorf("%s: the error does not name the file: %v", c.file, err)
		}
		if decks, _ := st.Decks(ctx); len(decks) != 0 {
			t.Errorf("%s: a deck was written: %+v", c.file, decks)
		}
	}
}

// Importing a 20,000-question cardbox (the target: under 5 s).
func BenchmarkZyzzyvaImport20000(b *testing.B) {
	lex := defaultLexicon(b)
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	in := filepath.Join(b.TempDir(), "Anagrams.db")
	writeZyzzyvaDB(b, in, zyzzyvaRows(b, lex, 20000))
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		st := testStore(b, now)
		res, err := ImportZyzzyva(context.Background(), st, lex, "z", in, now)
		if err != nil || res.Imported != 20000 {
			b.Fatalf("%v %+v", err, res.Imported)
		}
	}
}
