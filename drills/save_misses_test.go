package drills

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/testlex"
)

// Two drills ending at the same moment, on one database file, both put their misses into a
// deck that did not exist: both land (one creates it, the other appends), none fails with
// "deck already exists".
func TestSaveMissesAtOnce(t *testing.T) {
	t.Parallel()
	lex := testlex.Small(t, "AD", "AH", "AL", "AS", "DE", "EL", "EN", "ES")
	path := filepath.Join(t.TempDir(), "atril.db")
	open := func() *studystore.Store {
		st, err := studystore.Open(path, studystore.Options{Now: time.Now})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	stores := []*studystore.Store{open(), open()}
	misses := func(words ...string) []Miss {
		var out []Miss
		for _, w := range words {
			tiles, err := lex.Tiles.ParseWord(w)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, Miss{Show: w, Word: w, Tiles: tiles, Form: FormYesNo})
		}
		return out
	}
	sets := [][]Miss{misses("AD", "AH", "AL"), misses("DE", "EL", "AL")}
	for round := 0; round < 10; round++ {
		name := "missed-twos-" + string(rune('a'+round))
		var wg sync.WaitGroup
		start := make(chan struct{})
		errs := make([]error, 2)
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, errs[i] = SaveMisses(context.Background(), stores[i], lex, name, KindTwos, sets[i])
			}()
		}
		close(start)
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("round %d, drill %d: %v", round, i+1, err)
			}
		}
		d, err := stores[0].DeckByName(context.Background(), name)
		if err != nil || d.Cards != 5 {
			t.Fatalf("round %d: deck %+v, %v; want the 5 cards of both", round, d, err)
		}
	}
}
