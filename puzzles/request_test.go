package puzzles

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/puzzles/puzzletag"
)

// A filter as typed: names read whatever the case, an unknown one a ValueError naming the part,
// a deck that does not exist refused by name.
func TestFilterSpec(t *testing.T) {
	t.Parallel()
	st := openStore(t)
	ctx := context.Background()
	f, err := FilterSpec{Kind: "Bingo", Tag: "power tile", Source: "GCG"}.Filter(ctx, st)
	if err != nil || f.Kind != KindBingo || f.Tag != puzzletag.PowerTile || f.Source != SourceGCG || f.Deck != nil {
		t.Fatalf("%+v, %v", f, err)
	}
	if f, err := (FilterSpec{}).Filter(ctx, st); err != nil || f != (Filter{}) {
		t.Errorf("empty spec: %+v, %v", f, err)
	}
	for _, tc := range []struct {
		spec         FilterSpec
		field, value string
	}{
		{FilterSpec{Kind: "crossword"}, "kind", "crossword"},
		{FilterSpec{Kind: "best", Tag: "NOPE"}, "tag", "NOPE"},
		{FilterSpec{Source: "web", Deck: "missing"}, "source", "web"}, // checked before the deck
	} {
		_, err := tc.spec.Filter(ctx, st)
		var ve *ValueError
		if !errors.As(err, &ve) || ve.Field != tc.field || ve.Value != tc.value {
			t.Errorf("%+v: %v", tc.spec, err)
		}
	}
	if _, err := (FilterSpec{Deck: "missing"}).Filter(ctx, st); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("missing deck: %v", err)
	}
	if _, err := st.CreateDeck(ctx, studystore.Deck{Name: "verbos", Kind: "anagram", Lexicon: "x", Scheduler: "fsrs"}); err != nil {
		t.Fatal(err)
	}
	f, err = FilterSpec{Deck: "verbos"}.Filter(ctx, st)
	if err != nil || f.Deck == nil || f.Deck.Name != "verbos" {
		t.Errorf("deck: %+v, %v", f.Deck, err)
	}
	if d, err := DeckFilterNamed(ctx, st, ""); d != nil || err != nil {
		t.Errorf("no deck: %v, %v", d, err)
	}
}

// Names for completion are what the parsers read back.
func TestKindAndTagNames(t *testing.T) {
	t.Parallel()
	names := KindNames()
	if !slices.Equal(names, []string{"bingo", "best", "endgame", "preendgame"}) {
		t.Errorf("kinds %v", names)
	}
	kinds, err := ParseKinds(names)
	if err != nil || !slices.Equal(kinds, AllKinds) {
		t.Errorf("%v, %v", kinds, err)
	}
	ids := puzzletag.IDs()
	tags, err := ParseTags(ids)
	if err != nil || !slices.Equal(tags, puzzletag.All) || len(ids) != len(puzzletag.All) {
		t.Errorf("%v, %v", tags, err)
	}
}

// A generation request becomes the run's options, or says what cannot be run.
func TestGenSpecOptions(t *testing.T) {
	t.Parallel()
	ok := GenSpec{SelfPlay: 3, Seed: 7, GCG: []string{"a.gcg"}, MinLoss: 9, Kinds: []string{"best", "ENDGAME"},
		Tags: []string{"POWER_TILE"}, Deck: "verbos", Margin: 1, Accept: 2, NoSim: true, SimCandidates: 2, SimIterations: 1, SimPlies: 1,
		Disagree: DisagreeDrop, Limit: 4, Exact: ExactOptions{MaxTiles: 3}}
	o, err := ok.Options()
	if err != nil || o.SelfPlay != 3 || o.Seed != 7 || o.Deck != "verbos" || o.Verify || o.MinLoss != 0 || o.Limit != 4 || o.Exact.MaxTiles != 3 ||
		!slices.Equal(o.Kinds, []Kind{KindBest, KindEndgame}) || !slices.Equal(o.Tags, []puzzletag.Tag{puzzletag.PowerTile}) ||
		o.Sim != (VerifyOptions{Candidates: 2, Iterations: 1, Plies: 1, Disagree: DisagreeDrop}) || !slices.Equal(o.GCG, []string{"a.gcg"}) {
		t.Fatalf("%+v, %v", o, err)
	}
	withPlayer := ok
	withPlayer.Player, withPlayer.NoSim = "Ana", false
	if o, err := withPlayer.Options(); err != nil || o.MinLoss != 9 || !o.Verify {
		t.Errorf("a player's turns keep the minimum loss: %+v, %v", o, err)
	}
	for _, tc := range []struct {
		name string
		edit func(*GenSpec)
		want error
	}{
		{"one candidate", func(s *GenSpec) { s.SimCandidates = 1 }, ErrSimOptions},
		{"no plies", func(s *GenSpec) { s.SimPlies = 0 }, ErrSimOptions},
		{"negative exact margin", func(s *GenSpec) { s.Exact.Margin = -1 }, ErrExactOptions},
		{"negative peg accept", func(s *GenSpec) { s.Exact.Accept = -0.5 }, ErrExactOptions},
	} {
		s := ok
		tc.edit(&s)
		if _, err := s.Options(); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	bad := ok
	bad.Tags = []string{"POWER_TILE", "SHINY"}
	var ve *ValueError
	if _, err := bad.Options(); !errors.As(err, &ve) || ve.Field != "tag" || ve.Value != "SHINY" {
		t.Errorf("bad tag: %v", err)
	}
	bad = ok
	bad.Kinds = []string{"riddle"}
	if _, err := bad.Options(); !errors.As(err, &ve) || ve.Field != "kind" || ve.Value != "riddle" {
		t.Errorf("bad kind: %v", err)
	}
}
