package puzzles

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/testlex"
)

var t0 = time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)

func openStore(t testing.TB) *studystore.Store {
	t.Helper()
	st, err := studystore.Open(filepath.Join(t.TempDir(), "atril.db"), studystore.Options{Now: func() time.Time { return t0 }, Sync: studystore.SyncNormal})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func TestSelfPlayQuick(t *testing.T) {
	lex := testlex.Default(t)
	st := openStore(t)
	plan, err := NewPlan(GenOptions{SelfPlay: 4, Seed: 3, Verify: true}, nil, lex, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	gn := &Generator{Store: st, Workers: 2}
	sum, err := gn.Run(context.Background(), plan, 0, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", *sum)
	for _, p := range sum.Stored[:5] {
		t.Logf("%d %s %v %s %v", p.ID, p.Kind, p.Tags, p.SourceRef, p.Answers[0])
	}
}
