package drills

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A deck request's word file is read into FileData, none without a file, a missing one named.
func TestDeckRequestReadFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "words.txt")
	if err := os.WriteFile(path, []byte("CASA\nPERRO\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	req := DeckRequest{Source: DeckSource{File: path}}
	if err := req.ReadFile(); err != nil || string(req.FileData) != "CASA\nPERRO\n" {
		t.Errorf("%q, %v", req.FileData, err)
	}
	none := DeckRequest{Source: DeckSource{Search: "length:2"}}
	if err := none.ReadFile(); err != nil || none.FileData != nil {
		t.Errorf("no file: %q, %v", none.FileData, err)
	}
	missing := filepath.Join(filepath.Dir(path), "missing.txt")
	bad := DeckRequest{Source: DeckSource{File: missing}}
	if err := bad.ReadFile(); err == nil || !strings.Contains(err.Error(), "missing.txt") {
		t.Errorf("missing file: %v", err)
	}
}

// A deck is removed, and postponed, by name; a name no deck has is said, nothing done.
func TestRemoveAndPostponeDeckByName(t *testing.T) {
	t.Parallel()
	clock := &stepClock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), step: time.Second}
	st := sessionStore(t, clock, "AS", "LA")
	ctx := context.Background()
	for _, err := range []error{RemoveDeck(ctx, st, "tres"), func() error { _, err := PostponeDeck(ctx, st, clock.Now(), "tres", 3); return err }()} {
		if err == nil || !strings.Contains(err.Error(), "tres") {
			t.Errorf("no such deck: %v", err)
		}
	}
	if moved, err := PostponeDeck(ctx, st, clock.Now(), "dos", 3); err != nil || len(moved) != 0 {
		t.Errorf("nothing overdue in a new deck: %v, %v", moved, err)
	}
	// Both cards learnt now are overdue two months on: postponed, as for every deck.
	rv := &Review{Store: st, Lex: defaultLexicon(t), Seed: 1}
	qs, _, _, err := rv.Due(ctx, clock.Now(), 0, 0)
	if err != nil || len(qs) != 2 {
		t.Fatalf("%d due, %v", len(qs), err)
	}
	r := &Runner{In: strings.NewReader(typed(true, qs[0]) + "\n" + typed(true, qs[1]) + "\n"), Out: io.Discard, Lex: rv.Lex,
		Now: clock.Now, After: clock.After}
	if _, err := rv.Session(ctx, r, qs, 0, nil, nil); err != nil {
		t.Fatal(err)
	}
	later := clock.Now().Add(60 * 24 * time.Hour)
	moved, err := PostponeDeck(ctx, st, later, "dos", 3)
	if err != nil || len(moved) != 2 || moved[0].Deck != "dos" || !moved[0].State.Due.After(later.Add(-24*time.Hour)) {
		t.Errorf("overdue cards of dos: %+v, %v", moved, err)
	}
	if _, err := PostponeDeck(ctx, st, clock.Now(), "dos", 0); err == nil {
		t.Error("postponed over no days")
	}
	if err := RemoveDeck(ctx, st, "dos"); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenDeck(ctx, st, "dos"); err == nil {
		t.Error("the deck is still there")
	}
}
