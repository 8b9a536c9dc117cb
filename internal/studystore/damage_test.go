package studystore_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/testdb"

	"github.com/atril-scrabble/atril/internal/studystore"
)

// TestRefusesDamagedIndexPage: a study database whose header and schema are whole but one of
// whose index pages is overwritten is refused by every kind of Open before anything is written,
// left byte for byte as it was, with an error that names the file, says what SQLite found and
// what to do, naming the copy atril made before an upgrade when there is one.
func TestRefusesDamagedIndexPage(t *testing.T) {
	t.Parallel()
	for _, backup := range []bool{false, true} {
		t.Run("backup="+strconv.FormatBool(backup), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			path := filepath.Join(dir, "atril.db")
			atrilWithData(t, path, 300)
			page := testdb.DamageCardsIndex(t, path)
			bak := path + ".bak-schema3"
			if backup {
				os.WriteFile(bak, []byte("a copy"), 0o644)
			}
			before := dirState(t, dir)
			for _, opt := range []studystore.Options{{}, {MustExist: true}, {WriteIfAble: true}, {ReadOnly: true},
				{CheckedDir: filepath.Join(t.TempDir(), "checked")}} {
				opt.Now = func() time.Time { return t0 }
				s, err := studystore.Open(path, opt)
				if err == nil {
					s.Close()
					t.Fatalf("opened (%+v), want it refused", opt)
				}
				msg := err.Error()
				for _, want := range []string{path + " is damaged", "page " + strconv.Itoa(page), "sqlite3 " + path + " .recover",
					"PRAGMA user_version = " + strconv.Itoa(studystore.SchemaVersion())} {
					if !strings.Contains(msg, want) {
						t.Errorf("%+v: error %q does not say %q", opt, msg, want)
					}
				}
				if !errors.Is(err, studystore.ErrDamaged) || strings.Contains(msg, studystore.ErrDamaged.Error()) {
					t.Errorf("%+v: error %q: want ErrDamaged, its own text not repeated", opt, msg)
				}
				if strings.Contains(msg, bak) != backup {
					t.Errorf("%+v: error %q: names the backup %v, want %v", opt, msg, !backup, backup)
				}
				if diff := sameState(before, dirState(t, dir)); diff != "" {
					t.Fatalf("after a refused Open (%+v): %s", opt, diff)
				}
			}
		})
	}
}

// TestCheckedRecord: with a CheckedDir, a file atril closed is not read through at the next
// Open, and one written since by anything else is, even with its size and modification time
// put back as they were.
func TestCheckedRecord(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "atril.db")
	checked := filepath.Join(t.TempDir(), "checked")
	atrilWithData(t, path, 300)
	opt := studystore.Options{Now: func() time.Time { return t0 }, CheckedDir: checked}
	open := func() *studystore.Store {
		t.Helper()
		s, err := studystore.Open(path, opt)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}

	// No record yet: read through, then recorded.
	s := open()
	if !studystore.PagesChecked(s) {
		t.Error("first Open with a CheckedDir: pages not checked")
	}
	s.Close()
	// Recorded at the check (nothing written since): trusted.
	s = open()
	if studystore.PagesChecked(s) {
		t.Error("Open of a file recorded as checked: read through again")
	}
	// A write of atril's own: recorded again at Close.
	if _, err := s.CreateDeck(context.Background(), studystore.Deck{Name: "más", Lexicon: "x", Kind: "anagram", Scheduler: "fsrs"}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = open()
	if studystore.PagesChecked(s) {
		t.Error("Open after atril's own write: read through again")
	}
	s.Close()
	if _, err := os.Stat(path + "-wal"); err == nil {
		t.Fatal("a closed store left its WAL")
	}

	// Damage in place, size and modification time put back: the status-change time tells.
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	testdb.DamageCardsIndex(t, path)
	if err := os.Chtimes(path, fi.ModTime(), fi.ModTime()); err != nil {
		t.Fatal(err)
	}
	before := dirState(t, dir)
	for range 2 { // a refusal writes no record
		s, err = studystore.Open(path, opt)
		if err == nil {
			s.Close()
			t.Fatal("a file damaged since its record was opened")
		}
		if !errors.Is(err, studystore.ErrDamaged) {
			t.Fatalf("error %v, want ErrDamaged", err)
		}
	}
	if diff := sameState(before, dirState(t, dir)); diff != "" {
		t.Fatalf("after a refused Open: %s", diff)
	}
}

// TestFailedNewDeckLeavesNoDeck: a new deck whose cards cannot be written is removed again,
// and the error says it was not created; an existing deck keeps what it had.
func TestFailedNewDeckLeavesNoDeck(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "atril.db")
	atrilWithData(t, path, 3)
	// A real failure inside the write of the cards, as a full disk would give.
	plainSQLite(t, path, `CREATE TRIGGER no_room BEFORE INSERT ON deck_cards BEGIN SELECT RAISE(ABORT, 'no room left'); END`)
	s, err := studystore.Open(path, studystore.Options{Now: func() time.Time { return t0 }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	d := studystore.Deck{Name: "nuevo", Lexicon: "x", Kind: "anagram", Scheduler: "fsrs", NewPerDay: 5}
	_, _, err = s.CreateDeckWithCards(ctx, d, studystore.Cards("AEIOU", "AEIRST"))
	if err == nil || !strings.Contains(err.Error(), "deck nuevo was not created") || !strings.Contains(err.Error(), "no room left") {
		t.Errorf("error %v, want deck nuevo not created, saying why", err)
	}
	if _, err := s.DeckByName(ctx, "nuevo"); !errors.Is(err, studystore.ErrNoDeck) {
		t.Errorf("after the failed deck add: DeckByName = %v, want no such deck", err)
	}
	if _, err := s.AddCards(ctx, 1, "x", "anagram", studystore.Cards("AEIOU")); err == nil {
		t.Error("adding to an existing deck succeeded despite the trigger")
	}
	if old, err := s.DeckByName(ctx, "sietes"); err != nil || old.Cards != 3 {
		t.Errorf("the existing deck: %+v, %v; want its 3 cards", old, err)
	}
	// Without the failure the same call makes the deck with its cards.
	if _, err := s.DB().Exec(`DROP TRIGGER no_room`); err != nil {
		t.Fatal(err)
	}
	if _, n, err := s.CreateDeckWithCards(ctx, d, studystore.Cards("AEIOU", "AEIRST")); err != nil || n != 2 {
		t.Errorf("CreateDeckWithCards = %d, %v; want 2 cards", n, err)
	}
}

// TestDamageMetInUse: damage SQLite meets while a store is open is an ErrDamaged whose text says
// what SQLite said, once (not "damaged (damaged atril study database)"), and the store's Close
// drops the file's record, so that the next Open reads it through and refuses it.
func TestDamageMetInUse(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "atril.db")
	checked := filepath.Join(t.TempDir(), "checked")
	atrilWithData(t, path, 300)
	opt := studystore.Options{Now: func() time.Time { return t0 }, CheckedDir: checked}
	s, err := studystore.Open(path, opt)
	if err != nil {
		t.Fatal(err)
	}
	testdb.DamageCardsIndex(t, path) // by another program, while the store is open
	ctx := context.Background()
	d, err := s.DeckByName(ctx, "sietes")
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.AddCards(ctx, d.ID, "x", "anagram", studystore.Cards("ZZZZZZZ"))
	if !errors.Is(err, studystore.ErrDamaged) || !strings.Contains(err.Error(), "the study database is damaged (SQLite: ") ||
		strings.Contains(err.Error(), studystore.ErrDamaged.Error()) {
		t.Errorf("adding a card to a file damaged meanwhile: %v; want ErrDamaged saying what SQLite said, once", err)
	}
	s.Close()
	if recs, _ := filepath.Glob(filepath.Join(checked, "*")); len(recs) != 0 {
		t.Errorf("records left after damage was met: %v", recs)
	}
	if s, err := studystore.Open(path, opt); err == nil || !errors.Is(err, studystore.ErrDamaged) {
		if err == nil {
			s.Close()
		}
		t.Errorf("the next Open: %v, want the file refused", err)
	}
}
